/**
 * Sales outcomes: on attended tickets the cashier offers a membership. A plan sale rung by a cashier is a converted
 * offer; a share of the paying walk-in washes rung by a cashier are offers declined (the plan of the wash's tier).
 * Worked out from a site-day's built tickets, so every outcome names a real ticket's cashier, time and terminal.
 */
import { PLANS, WASHES, type ChainSite } from '../chain.js';
import { staff } from '../builder/people.js';
import type { Kind } from '../builder/types.js';
import { hashString } from '@washops/sim-kit';
import { LruCache } from '../lru.js';
import { MEMBERSHIP_OFFER_SHARE } from './rates.js';
import { employeeIdOf } from './staff.js';
import type { SalesOutcomeRecord } from './types.js';

/** What an outcome needs of a ticket rung at a counter. */
export interface AttendedTicket {
  transId: string;
  at: number;
  kind: Kind;
  cashier: string;
  device: string;
  /** The skus on the ticket. */
  skus: string[];
}

/** A site-day's tickets that `wanted` picks (by id and kind) and a cashier rang; only these are built in full. */
export type AttendedTicketsOf = (site: ChainSite, dayStart: number, wanted: (transId: string, kind: Kind) => boolean) => AttendedTicket[];

/** Site-days whose outcomes are kept (a few hundred small records each): a month of the whole chain, several times. */
const OUTCOME_DAYS_KEPT = 2048;

/** Outcomes by site-day, shared by the simulators of one seed and rates (they depend on nothing else). */
export function outcomeCache(): LruCache<string, SalesOutcomeRecord[]> {
  return new LruCache(OUTCOME_DAYS_KEPT);
}

export class SalesOutcomes {
  constructor(
    private readonly seed: string,
    private readonly attendedTickets: AttendedTicketsOf,
    private readonly cache: LruCache<string, SalesOutcomeRecord[]>,
  ) {}

  ofDay(site: ChainSite, dayStart: number): SalesOutcomeRecord[] {
    const key = `${site.siteId}|${dayStart}`;
    let outcomes = this.cache.get(key);
    if (!outcomes) {
      outcomes = [];
      const roster = staff(this.seed, site);
      // Offered on every plan sale and a share of the walk-in washes (decided by the ticket's id, before building it).
      const offered = (transId: string, kind: Kind) =>
        kind === 'memberSale' || (kind === 'retail' && hashString(`${this.seed}|offer|${transId}`) / 4294967296 < MEMBERSHIP_OFFER_SHARE);
      for (const t of this.attendedTickets(site, dayStart, offered)) {
        const converted = t.kind === 'memberSale';
        const plan = converted ? PLANS.find((p) => t.skus.includes(p.sku)) : PLANS[WASHES.findIndex((w) => t.skus.includes(w.sku))];
        if (!plan) continue;
        outcomes.push({
          atMs: t.at,
          employeeId: employeeIdOf(site, roster.indexOf(t.cashier)),
          employeeName: t.cashier,
          siteId: site.siteId,
          converted,
          itemSku: plan.sku,
          itemName: plan.name,
          priceCents: plan.price,
          terminalName: t.device,
        });
      }
      this.cache.set(key, outcomes);
    }
    return outcomes;
  }
}
