/** Rendering pieces the resource handlers share: the §9.7 null share, customer summaries, ids and status names. */
import { hashString } from '@washops/sim-kit';
import { siteById } from '../chain.js';
import { RECURRING_STATUS_NAMES, type World } from '../world/types.js';
import type { SimState } from './context.js';

/** Share of records on which a §9.7 field is null under `realism.nullLiveFields`. */
const NULL_LIVE_FIELD_SHARE = 0.5;

/** Whether this record's `field` is null live (§9.7): the same answer on every request, for a share of records. */
export function nullLive(state: SimState, field: string, id: string | number): boolean {
  if (!state.settings.realism.nullLiveFields) return false;
  return (hashString(`${state.seed}|${field}|${id}`) % 1000) / 1000 < NULL_LIVE_FIELD_SHARE;
}

/** `WashbookAccountCustomerObject`: every field nullable, all null for an account without a customer. */
export function accountCustomer(world: World, customerId: string | null): Record<string, string | null> {
  const customer = customerId === null ? undefined : world.customer(customerId);
  return {
    id: customer?.customerId ?? customerId,
    number: customer?.number ?? null,
    firstName: customer?.firstName ?? null,
    lastName: customer?.lastName ?? null,
  };
}

/** The vendor's name of a recurring status code 1–15. */
export function statusName(code: number): string {
  return RECURRING_STATUS_NAMES[code - 1] ?? 'Unknown error error';
}

/** An item's `EntityIdentifier` (`itemId` of the account filters and the sales outcomes): `<sku>:<siteID>`. */
export function itemIdOf(sku: string, siteId: number): string {
  return `${sku}:${siteId}`;
}

export function siteCodeOf(siteId: number): string {
  return siteById.get(siteId)?.code ?? '';
}

/** Sorts copies by a time and then an id, so pages stay stable whatever order the world returns. */
export function byTimeThenId<T>(rows: readonly T[], time: (row: T) => number, id: (row: T) => string): T[] {
  return [...rows].sort((a, b) => time(a) - time(b) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}
