import { DateRangeError, ValidationError } from '@washops/shared-errors';
import { addDays, DATA_API_RESOURCES, type DataApiResource, type ResourceWindowKey } from '@washops/store';
import { MAX_PAGE_SIZE, oldestAllowedSeconds, RANGE_LIMIT_DAYS } from '@washops/transactions-client';
import { daysBetween } from '../warehouse/plan.js';

/**
 * How the sync asks for each resource (README, "Transactions warehouse"): `full` resources are read whole each time;
 * `since` reads everything created since the window's first day (customers: the list filters on creation, and on
 * modification only as "modified on or before", so no narrower window catches a change); `range` resources take any
 * range in one window; `limited` ones are cut into windows of the endpoint's longest range (clock entries per employee).
 */
export type WindowRule =
  | { kind: 'full' }
  | { kind: 'since' }
  | { kind: 'range'; lookBack?: boolean }
  | { kind: 'limited'; maxDays: number; perEmployee?: boolean };

export const RESOURCE_RULES: Readonly<Record<DataApiResource, WindowRule>> = {
  sites: { kind: 'full' },
  items: { kind: 'full' },
  employees: { kind: 'full' },
  customers: { kind: 'since' },
  // The account list (6 months) and the details list (1 month) are read over the same window: the shorter limit rules.
  memberships: { kind: 'limited', maxDays: Math.min(RANGE_LIMIT_DAYS.recurringDetailsList, RANGE_LIMIT_DAYS.recurringList) },
  'membership-modifications': { kind: 'limited', maxDays: RANGE_LIMIT_DAYS.recurringModifications },
  'status-changes': { kind: 'range' },
  washbooks: { kind: 'limited', maxDays: RANGE_LIMIT_DAYS.washbookList },
  'gift-cards': { kind: 'range', lookBack: true },
  'clock-entries': { kind: 'limited', maxDays: RANGE_LIMIT_DAYS.clockEntries, perEmployee: true },
  'sales-outcomes': { kind: 'range' },
};

/** The endpoints each resource's window reads, with the page size the client asks for (1: one request per record). */
export const RESOURCE_ENDPOINTS: Readonly<Record<DataApiResource, ReadonlyArray<{ endpoint: string; pageSize: number }>>> = {
  sites: [{ endpoint: '/site/list', pageSize: Number.POSITIVE_INFINITY }],
  items: [{ endpoint: '/item', pageSize: MAX_PAGE_SIZE.items }],
  employees: [
    { endpoint: '/employee', pageSize: MAX_PAGE_SIZE.employees },
    { endpoint: '/employee/{id}', pageSize: 1 },
  ],
  // Contact details are read one customer at a time when a profile is opened, not by the sync.
  customers: [{ endpoint: '/customer', pageSize: MAX_PAGE_SIZE.customers }],
  memberships: [
    { endpoint: '/recurring/account/list', pageSize: MAX_PAGE_SIZE.recurringAccounts },
    { endpoint: '/recurring/account/details/list', pageSize: MAX_PAGE_SIZE.recurringDetails },
  ],
  'membership-modifications': [{ endpoint: '/recurring/account/modifications', pageSize: MAX_PAGE_SIZE.recurringModifications }],
  'status-changes': [{ endpoint: '/recurring/account/status-list', pageSize: MAX_PAGE_SIZE.recurringStatusChanges }],
  washbooks: [{ endpoint: '/washbook/account/list', pageSize: MAX_PAGE_SIZE.washbooks }],
  'gift-cards': [{ endpoint: '/giftcard-liablilty', pageSize: MAX_PAGE_SIZE.giftCards }],
  'clock-entries': [{ endpoint: '/employee/{id}/clock-entries', pageSize: Number.POSITIVE_INFINITY }],
  'sales-outcomes': [{ endpoint: '/sales-outcome/list', pageSize: MAX_PAGE_SIZE.salesOutcomes }],
};

export function checkResources(resources: readonly string[] | undefined): DataApiResource[] {
  if (!resources || resources.length === 0) return [...DATA_API_RESOURCES];
  const unknown = resources.filter((r) => !(DATA_API_RESOURCES as readonly string[]).includes(r));
  if (unknown.length > 0) {
    throw new ValidationError(`Unknown resource ${unknown.join(', ')}; the sync knows ${DATA_API_RESOURCES.join(', ')}`, { details: { resources: unknown } });
  }
  return [...new Set(resources)] as DataApiResource[];
}

/** Today's UTC day at `nowMs`. */
export const utcDay = (nowMs: number): string => new Date(nowMs).toISOString().slice(0, 10);

/** Inclusive chunks of at most `days` days from `from`. */
function chunks(from: string, to: string, days: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let start = from; start <= to; start = addDays(start, days)) {
    const end = addDays(start, days - 1);
    out.push([start, end < to ? end : to]);
  }
  return out;
}

/**
 * The ledger windows of one resource for the UTC days `from`..`to`, refused whole (nothing queued) when a day has not
 * ended yet or, for gift cards, is older than the Data API's look-back. Clock entries: one set of windows per employee.
 */
export function planResourceWindows(resource: DataApiResource, range: { from: string; to: string }, nowMs: number, employeeIds: readonly number[] = []): ResourceWindowKey[] {
  const days = daysBetween(range.from, range.to);
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const today = utcDay(nowMs);
  if (to >= today) {
    throw new DateRangeError(`The resources sync whole UTC days that have ended: ${to} is not over yet`, { details: { resource, to, latest: addDays(today, -1) } });
  }
  const rule = RESOURCE_RULES[resource];
  switch (rule.kind) {
    case 'full':
      return [{ resource, windowStart: today, windowEnd: today }];
    case 'since':
      return [{ resource, windowStart: from, windowEnd: to }];
    case 'range': {
      const oldest = utcDay(oldestAllowedSeconds(nowMs) * 1000 + 86_399_999);
      if (rule.lookBack && from < oldest) {
        throw new DateRangeError(`The Data API serves ${resource} 6 months back: ${from} is before ${oldest}`, { details: { resource, from, oldest } });
      }
      return [{ resource, windowStart: from, windowEnd: to }];
    }
    case 'limited': {
      const windows = chunks(from, to, rule.maxDays);
      const scopes = rule.perEmployee ? employeeIds.map(String) : [''];
      return scopes.flatMap((scope) => windows.map(([windowStart, windowEnd]) => ({ resource, scope, windowStart, windowEnd })));
    }
  }
}
