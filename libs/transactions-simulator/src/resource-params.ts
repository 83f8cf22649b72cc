/** The other resources' parameters (contract §5, §6), with the same rules and answers as the transaction lists'. */
import type { ChainSite } from './chain.js';
import { DataApiError } from './envelopes.js';
import { DAY_SECONDS, SECOND_MS, msg, selectSites, type RuleName, INTEGER, TRANS_ID, type ParsedRange } from './validation.js';

/** Throws the collected problems as one PayloadValidationError. */
export function rejectProblems(problems: string[]): void {
  if (problems.length > 0) throw DataApiError.validation(problems);
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = DAY_SECONDS * SECOND_MS;

/** A calendar date `YYYY-MM-DD` as the start of its day, ms. Days are UTC (an assumption: the contract names no zone). */
function ymd(raw: string | undefined, rule: RuleName, problems: string[]): number | undefined {
  if (raw === undefined) return undefined;
  const match = YMD.exec(raw.trim());
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || new Date(ms).toISOString().slice(0, 10) !== raw.trim()) {
    problems.push(msg(rule));
    return undefined;
  }
  return ms;
}

const dayOf = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** `/customer`: created on or after `startDate` (not after today); modified on or before `endDate` (or never). */
export function parseCustomerDates(query: Record<string, string>, nowMs: number, problems: string[]): { createdFromMs?: number; modifiedToMs?: number } {
  const start = ymd(query['startDate'], 'startDateNotYmd', problems);
  const end = ymd(query['endDate'], 'endDateNotYmd', problems);
  if (start !== undefined && start > dayOf(nowMs)) problems.push(msg('customerStartAfterToday'));
  return { ...(start !== undefined ? { createdFromMs: start } : {}), ...(end !== undefined ? { modifiedToMs: end + DAY_MS - 1 } : {}) };
}

/** `/sales-outcome/list`: whole calendar days, both included; default today. No range limit is documented. */
export function parseDayRange(query: Record<string, string>, nowMs: number, problems: string[]): ParsedRange {
  const today = dayOf(nowMs);
  const start = ymd(query['startDate'], 'startDateNotYmd', problems) ?? today;
  const end = ymd(query['endDate'], 'endDateNotYmd', problems) ?? Math.max(start, today);
  if (start > end) problems.push(msg('startAfterEnd'));
  return { startMs: start, endMs: Math.min(end + DAY_MS - 1, nowMs) };
}

/** Clock entries: at most 14 calendar days, both included. */
export const CLOCK_ENTRY_MAX_DAYS = 14;

/**
 * `/employee/{id}/clock-entries`: `YYYY-MM-DD` dates (as the vendor's client sends them; the spec says Unix), at most
 * 14 days. Omitted, the most recent 14 days up to today ("the most recent clock entries").
 */
export function parseClockEntryDates(query: Record<string, string>, nowMs: number, problems: string[]): ParsedRange {
  const today = dayOf(nowMs);
  const span = (CLOCK_ENTRY_MAX_DAYS - 1) * DAY_MS;
  const sentStart = ymd(query['startDate'], 'startDateNotYmd', problems);
  const sentEnd = ymd(query['endDate'], 'endDateNotYmd', problems);
  const end = sentEnd ?? (sentStart !== undefined ? Math.min(sentStart + span, today) : today);
  const start = sentStart ?? end - span;
  if (start > end) problems.push(msg('startAfterEnd'));
  else if (end - start > span) problems.push(msg('rangeOverFourteenDays'));
  return { startMs: start, endMs: end + DAY_MS - 1 };
}

/** An optional enum parameter: undefined when absent, its value when allowed, otherwise a problem. */
export function parseChoice<T extends string>(
  query: Record<string, string>,
  key: string,
  allowed: readonly T[],
  rule: RuleName,
  problems: string[],
): T | undefined {
  const raw = query[key];
  if (raw === undefined || raw === '') return undefined;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  problems.push(msg(rule));
  return undefined;
}

/** An optional integer code within 1..max (`recurringAccountStatus` 1–15, `modifications` 1–7). */
export function parseCode(query: Record<string, string>, key: string, max: number, rule: RuleName, problems: string[]): number | undefined {
  const raw = query[key];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (INTEGER.test(raw.trim()) && n >= 1 && n <= max) return n;
  problems.push(msg(rule));
  return undefined;
}

/** An optional `EntityIdentifier` query parameter (`customerId`, `itemId`). */
export function parseIdentifier(query: Record<string, string>, key: string, rule: RuleName, problems: string[]): string | undefined {
  const raw = query[key];
  if (raw === undefined || raw === '') return undefined;
  if (TRANS_ID.test(raw.trim())) return raw.trim();
  problems.push(msg(rule));
  return undefined;
}

/** `phoneNumber`: 10–11 characters (the spec's bounds); matched on its digits, a leading 1 ignored on both sides. */
export function parsePhoneNumber(query: Record<string, string>, problems: string[]): string | undefined {
  const raw = query['phoneNumber'];
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 10 || raw.length > 11) {
    problems.push(msg('phoneNumberLength'));
    return undefined;
  }
  return nationalDigits(raw);
}

/** A North American number's ten digits, without punctuation or the leading country code 1. */
export function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** A path `EntityIdentifier` (`customer_id`): malformed is 422. */
export function parseEntityId(raw: string, rule: RuleName): string {
  if (!TRANS_ID.test(raw)) throw DataApiError.validation([msg(rule)]);
  return raw;
}

/**
 * `sites` of the modifications list: comma-separated codes, each known (404) and visible to the request (403), as the
 * `site` argument of the other lists. Absent: every visible site.
 */
export function selectSiteList(raw: string | undefined, visible: readonly ChainSite[]): readonly ChainSite[] {
  if (raw === undefined || raw.trim() === '') return visible;
  const codes = raw.split(',').map((c) => c.trim()).filter((c) => c !== '');
  const chosen = codes.map((code) => selectSites({ site: code }, visible, false)[0] as ChainSite);
  return visible.filter((s) => chosen.includes(s));
}
