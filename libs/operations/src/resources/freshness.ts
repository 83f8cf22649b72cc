import { throwIfAborted } from '@washops/client-core';
import { RangeNotSyncedError } from '@washops/shared-errors';
import { addDays, FULL_REFRESH_RESOURCES, type DataApiResource, type Store } from '@washops/store';

import type { Freshness } from './types.js';

// Whether a read answers from the warehouse or live, said in the answer itself: the ledger's sync time and the
// range's coverage, or the days that are not synced and so were fetched from the Data API now.

const EXAMPLE_DAYS = 5;
/** Lists the Data API serves 6 months back at most (by sign-up or sale date), so a live answer covers those only. */
const SIX_MONTH_LISTS: readonly DataApiResource[] = ['memberships', 'washbooks', 'gift-cards'];
/** Days listed in `missingDays`, as the store's coverage lists them. */
const MISSING_LISTED = 200;

function daysOf(range: { from: string; to: string }, max: number): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to && days.length < max; day = addDays(day, 1)) days.push(day);
  return days;
}

/** What the freshness of one read depends on. */
export interface FreshnessDeps {
  store: Store;
  /** A live answer can be fetched (a Data API is configured). */
  live: boolean;
  now: () => Date;
  signal: AbortSignal | undefined;
}

const RESOURCE_NAMES: Record<DataApiResource, string> = {
  sites: 'sites',
  customers: 'customers',
  memberships: 'memberships',
  'membership-modifications': 'membership modifications',
  'status-changes': 'membership status changes',
  washbooks: 'washbooks',
  'gift-cards': 'gift cards',
  items: 'items',
  employees: 'employees',
  'clock-entries': 'clock entries',
  'sales-outcomes': 'sales outcomes',
};

/** `asked`: the range is the one the caller asked for; otherwise it is the span the resource's synced windows cover. */
function fromWarehouse(resource: DataApiResource, syncedAt: Date, range: Freshness['range'], asked = true): Freshness {
  const when = syncedAt.toISOString();
  const note = !range
    ? `From the warehouse, synced at ${when}.`
    : asked
      ? `From the warehouse: ${range.from} to ${range.to} synced whole, oldest sync ${when}.`
      : `From the warehouse: ${RESOURCE_NAMES[resource]} of ${range.from} to ${range.to} as synced, newest sync ${when}.`;
  return { source: 'warehouse', resource, syncedAt: when, fetchedAt: null, range, missingDays: [], note };
}

function liveNote(resource: DataApiResource, range: Freshness['range'], missingDays: readonly string[]): string {
  const what = RESOURCE_NAMES[resource];
  if (!range || missingDays.length === 0) {
    const limit = SIX_MONTH_LISTS.includes(resource) ? ` The Data API serves the ${what} of the last 6 months only.` : '';
    return `Live from the Data API: the warehouse has not synced ${what}.${limit}`;
  }
  const shown = missingDays.slice(0, EXAMPLE_DAYS).join(', ');
  const more = missingDays.length > EXAMPLE_DAYS ? ` and ${missingDays.length - EXAMPLE_DAYS} more` : '';
  return `Live from the Data API: the warehouse has not synced ${what} for ${shown}${more} of ${range.from} to ${range.to}.`;
}

function notSynced(resource: DataApiResource, range: Freshness['range'], missingDays: readonly string[]): RangeNotSyncedError {
  const what = RESOURCE_NAMES[resource];
  const where = range ? ` for ${missingDays.slice(0, EXAMPLE_DAYS).join(', ') || `${range.from} to ${range.to}`}${missingDays.length > EXAMPLE_DAYS ? ' and more' : ''}` : '';
  return new RangeNotSyncedError(
    `The warehouse has not synced ${what}${where}, and no Data API is configured to ask live. Sync ${what} from the portal's Data sync page or with \`washops sync\`, then ask again.`,
    { details: { resource, ...(range ? { from: range.from, to: range.to } : {}), missing: missingDays.slice(0, EXAMPLE_DAYS) } },
  );
}

/** The newest sync of the resource's synced windows and the days they span, or null when none was ever synced. */
async function syncedSpan(store: Store, resource: DataApiResource): Promise<{ syncedAt: Date; from: string; to: string } | null> {
  const synced = (await store.resources.windows({ resource })).filter((w) => w.syncedAt !== null);
  if (synced.length === 0) return null;
  return {
    syncedAt: synced.reduce((newest, w) => (w.syncedAt! > newest ? w.syncedAt! : newest), synced[0]!.syncedAt!),
    from: synced.reduce((from, w) => (w.windowStart < from ? w.windowStart : from), synced[0]!.windowStart),
    to: synced.reduce((to, w) => (w.windowEnd > to ? w.windowEnd : to), synced[0]!.windowEnd),
  };
}

/**
 * The freshness of a read: for a range, the warehouse when it holds every day of it; without one (customers,
 * memberships, washbooks, gift cards, items), the warehouse once the resource was synced at all. Otherwise live when a
 * Data API is configured, else a `RangeNotSyncedError` saying what to sync.
 */
export async function freshnessOf(deps: FreshnessDeps, resource: DataApiResource, range: { from: string; to: string } | null): Promise<Freshness> {
  let missingDays: string[] = [];
  if (range) {
    const coverage = await deps.store.resources.coverage(resource, range);
    throwIfAborted(deps.signal);
    if (coverage.complete && coverage.syncedAt) return fromWarehouse(resource, coverage.syncedAt, range);
    // Clock entries count per employee the warehouse knows: with none known, no day is covered.
    missingDays = coverage.missingDays.length > 0 ? coverage.missingDays : daysOf(range, MISSING_LISTED);
  } else {
    const span = await syncedSpan(deps.store, resource);
    throwIfAborted(deps.signal);
    // A full refresh holds the whole resource; a windowed one what its windows covered, which the answer names.
    if (span) return fromWarehouse(resource, span.syncedAt, FULL_REFRESH_RESOURCES.includes(resource) ? null : { from: span.from, to: span.to }, false);
  }
  if (!deps.live) throw notSynced(resource, range, missingDays);
  return { source: 'live', resource, syncedAt: null, fetchedAt: deps.now().toISOString(), range, missingDays, note: liveNote(resource, range, missingDays) };
}

/** The freshness of one record the warehouse holds (a customer, a membership): when that record was synced. */
export function recordFreshness(resource: DataApiResource, syncedAt: Date): Freshness {
  return fromWarehouse(resource, syncedAt, null);
}

/** A live answer's freshness for one record the warehouse does not hold. */
export function liveRecordFreshness(resource: DataApiResource, now: Date): Freshness {
  return { source: 'live', resource, syncedAt: null, fetchedAt: now.toISOString(), range: null, missingDays: [], note: `Live from the Data API: the warehouse does not hold this record.` };
}
