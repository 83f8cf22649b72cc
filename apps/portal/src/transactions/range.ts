import { transactionListInput, exportStartInput } from '@washops/portal-api/schemas';

/** A calendar day as `<input type="date">` holds it: `YYYY-MM-DD`. */
export type DayString = string;

export type PresetName = 'today' | 'yesterday' | 'last7';

export const PRESETS: ReadonlyArray<{ name: PresetName; label: string }> = [
  { name: 'today', label: 'Today' },
  { name: 'yesterday', label: 'Yesterday' },
  { name: 'last7', label: 'Last 7 days' },
];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar day of a moment. */
export function dayOf(date: Date): DayString {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `day` moved by `days` calendar days. */
export function addDays(day: DayString, days: number): DayString {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(y, m - 1, d + days));
}

/** The preset's first and last day (inclusive), in the browser's time zone. */
export function presetRange(name: PresetName, now = new Date()): { from: DayString; to: DayString } {
  const today = dayOf(now);
  if (name === 'today') return { from: today, to: today };
  if (name === 'yesterday') return { from: addDays(today, -1), to: addDays(today, -1) };
  return { from: addDays(today, -6), to: today };
}

/** Local midnight of `day` as Unix seconds; null for a malformed day. */
export function startOfDay(day: DayString): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) || dayOf(date) !== day ? null : Math.floor(date.getTime() / 1000);
}

/** The last second of `day` (local time). */
export function endOfDay(day: DayString): number | null {
  const start = startOfDay(day);
  if (start === null) return null;
  const next = startOfDay(addDays(day, 1));
  return next === null ? null : next - 1;
}

/** The Data API refuses an end in the future: a range that includes today ends now. */
function clampToNow(end: number | null, now: number): number | null {
  return end === null ? null : Math.min(end, Math.floor(now / 1000));
}

export interface ListFilters {
  from: DayString;
  to: DayString;
  site: string;
  region: string;
  type: string;
  version: 'v1' | 'v2';
}

export type ListQueryInput = {
  startDate: number;
  endDate: number;
  version: 'v1' | 'v2';
  site?: string;
  region?: string;
  type?: 'wash' | 'prepaid-wash' | 'recurring' | 'washbook' | 'giftcard' | 'merchandise' | 'house-account';
};

/**
 * The list query for the filters, or the field errors. The date rules and messages are the
 * transactions client's own (through the portal's input schema): a range over 31 days gets the
 * client's message, at the "To" field.
 */
export function listQueryOf(
  filters: ListFilters,
  now = Date.now(),
): { input: ListQueryInput; errors: null } | { input: null; errors: Record<string, string> } {
  const startDate = startOfDay(filters.from);
  const endDate = clampToNow(endOfDay(filters.to), now);
  const errors: Record<string, string> = {};
  if (startDate === null) errors['from'] = 'Pick the first day.';
  if (endDate === null) errors['to'] = 'Pick the last day.';
  if (startDate === null || endDate === null) return { input: null, errors };
  const candidate = {
    startDate,
    endDate,
    version: filters.version,
    ...(filters.site ? { site: filters.site } : {}),
    ...(filters.region.trim() && !filters.site ? { region: filters.region.trim() } : {}),
    ...(filters.type && filters.version === 'v1' ? { type: filters.type } : {}),
  };
  const parsed = transactionListInput.safeParse(candidate);
  if (parsed.success) return { input: candidate as ListQueryInput, errors: null };
  for (const issue of parsed.error.issues) {
    const path = String(issue.path[0] ?? '');
    const field = path === 'startDate' ? 'from' : path === 'endDate' ? 'to' : path;
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}

/** An export of one site and one day, checked with the client's `loadJob` rules. */
export function exportQueryOf(
  site: string,
  day: DayString,
  now = Date.now(),
): { input: { site: string; startDate: number; endDate: number }; errors: null } | { input: null; errors: Record<string, string> } {
  const startDate = startOfDay(day);
  const endDate = clampToNow(endOfDay(day), now);
  if (startDate === null || endDate === null) return { input: null, errors: { day: 'Pick a day.' } };
  const candidate = { site, startDate, endDate };
  const parsed = exportStartInput.safeParse(candidate);
  if (parsed.success) return { input: candidate, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = String(issue.path[0] ?? '');
    errors[path === 'site' ? 'site' : 'day'] ??= path === 'site' ? 'Pick a site to export.' : issue.message;
  }
  return { input: null, errors };
}
