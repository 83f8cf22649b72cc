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

export class SalesOutcomes {
  private readonly cache = new LruCache<string, SalesOutcomeRecord[]>(2048);

  constructor(
    private readonly seed: string,
    private readonly attendedTickets: (site: ChainSite, dayStart: number) => AttendedTicket[],
  ) {}

  ofDay(site: ChainSite, dayStart: number): SalesOutcomeRecord[] {
    const key = `${site.siteId}|${dayStart}`;
    let outcomes = this.cache.get(key);
    if (!outcomes) {
      outcomes = [];
      const roster = staff(this.seed, site);
      for (const t of this.attendedTickets(site, dayStart)) {
        const converted = t.kind === 'memberSale';
        const offered = converted || (t.kind === 'retail' && hashString(`${this.seed}|offer|${t.transId}`) / 4294967296 < MEMBERSHIP_OFFER_SHARE);
        if (!offered) continue;
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
