/**
 * Generates one (site, UTC day) bucket from the seed: how many sales per hour (their own PRNG stream, so a day can be
 * counted without being generated), then each transaction's time, kind and plan seed, summarised by the builder. The
 * world adds the tickets it owns (sign-ups, billings, upgrades, gift cards, washbooks) and names the member of each
 * redemption, so transactions and the world's records agree.
 */
import { type ChainSite } from './chain.js';
import { Prng } from '@washops/sim-kit';
import { KIND_CODE, buildTransaction, type Kind, type TransactionLink } from './transaction-builder.js';
import { dayFactor, hourWeights, localParts, streamMix } from './world/rhythm.js';
import type { SimWorld } from './world/world.js';

export const DAY_MS = 86_400_000;
/** Per-site numbering: number = NUMBER_BASE + dayOrdinal × PER_DAY + seq; a day never holds PER_DAY transactions. */
export const NUMBER_EPOCH_MS = Date.UTC(2020, 0, 1);
export const PER_DAY = 5000;
const NUMBER_BASE = 100_000;
/** Record ids (the part of the transaction id before the colon) run on their own sequence. */
export const RECORD_BASE = 3_000_000;

/** A day of one site, column-wise: only what lists need; details are rebuilt from `planSeed`. */
export interface Bucket {
  siteId: number;
  dayStart: number;
  dayOrdinal: number;
  at: Float64Array;
  kind: Uint8Array;
  planSeed: Uint32Array;
  total: Int32Array;
  typeMask: Uint8Array;
  customer: Int32Array;
  /** What the world fixed on each ticket it owns or names (undefined for the rest). */
  links: Array<TransactionLink | undefined>;
}

export function numberOf(bucket: Bucket, index: number): number {
  return NUMBER_BASE + bucket.dayOrdinal * PER_DAY + index + 1;
}

export function recordOf(bucket: Bucket, index: number): number {
  return recordAt(bucket.dayOrdinal, index);
}

/** The record number of the day's `index`th transaction. */
export function recordAt(dayOrdinal: number, index: number): number {
  return RECORD_BASE + dayOrdinal * PER_DAY + index;
}

/** The day's number in the per-site numbering (days since the numbering's epoch). */
export function dayOrdinalOf(dayStart: number): number {
  return Math.round((dayStart - NUMBER_EPOCH_MS) / DAY_MS);
}

/** A day's transaction before it is summarised: its time, kind, plan seed and what the world fixed on it. */
export interface DayTicket {
  at: number;
  kind: Kind;
  planSeed: number;
  link: TransactionLink | undefined;
}

export class DayGenerator {
  constructor(
    readonly seed: string,
    readonly world: SimWorld,
  ) {}

  /**
   * Per UTC hour of the day: how many sales the hourly stream draws (every kind the world does not own). Drawn from
   * their own PRNG stream, apart from the transactions themselves, so counting a day never needs its transactions.
   */
  hourCounts(site: ChainSite, dayStart: number): Array<{ hour: number; sales: number }> {
    const p = new Prng(`${this.seed}|count|${site.siteId}|${dayStart}`);
    const share = streamMix(site).share;
    const weights = hourWeights(site);
    const out: Array<{ hour: number; sales: number }> = [];
    for (let h = 0; h < 24; h++) {
      const local = localParts(site.timezone, dayStart + h * 3_600_000);
      const expected = site.dailyBase * share * (weights[local.hour] ?? 0) * dayFactor(this.seed, site, local.date, local.weekday);
      const sales = Math.max(0, Math.round(expected + Math.sqrt(expected) * p.normal()));
      out.push({ hour: local.hour, sales });
    }
    return out;
  }

  /** How many transactions a site has on a UTC day, without generating them. */
  dayTotal(site: ChainSite, dayStart: number): number {
    const sales = this.hourCounts(site, dayStart).reduce((sum, h) => sum + h.sales, 0);
    return Math.min(PER_DAY - 1, sales + this.world.dayEventCount(site, dayStart));
  }

  generate(site: ChainSite, dayStart: number): Bucket {
    const events = this.tickets(site, dayStart);
    const n = events.length;
    const bucket: Bucket = {
      siteId: site.siteId,
      dayStart,
      dayOrdinal: dayOrdinalOf(dayStart),
      at: new Float64Array(n),
      kind: new Uint8Array(n),
      planSeed: new Uint32Array(n),
      total: new Int32Array(n),
      typeMask: new Uint8Array(n),
      customer: new Int32Array(n),
      links: new Array<TransactionLink | undefined>(n),
    };
    for (let i = 0; i < n; i++) {
      const e = events[i]!;
      const hour = localParts(site.timezone, e.at).hour;
      const built = buildTransaction({ seed: this.seed, site, kind: e.kind, planSeed: e.planSeed, at: e.at, hour, summaryOnly: true, link: e.link });
      bucket.at[i] = e.at;
      bucket.kind[i] = KIND_CODE.get(e.kind) as number;
      bucket.planSeed[i] = e.planSeed;
      bucket.total[i] = built.total;
      bucket.typeMask[i] = built.typeMask;
      bucket.customer[i] = built.customer;
      bucket.links[i] = e.link;
    }
    return bucket;
  }

  /**
   * The day's transactions in bucket order (index i is the bucket's i-th), not yet summarised: what a reader that needs
   * only a few of them in full (the sales outcomes) builds from, without summarising the rest.
   */
  tickets(site: ChainSite, dayStart: number): DayTicket[] {
    const p = new Prng(`${this.seed}|day|${site.siteId}|${dayStart}`);
    const mix = streamMix(site);
    const events: DayTicket[] = [];
    this.hourCounts(site, dayStart).forEach(({ sales }, h) => {
      const hourStart = dayStart + h * 3_600_000;
      for (let i = 0; i < sales; i++) {
        const kind = p.weighted(mix.kinds, mix.weights);
        events.push({ at: hourStart + p.int(0, 3599) * 1000, kind, planSeed: (p.next() * 4294967296) >>> 0, link: undefined });
      }
    });
    for (const e of this.world.dayEvents(site, dayStart)) events.push({ ...e });
    events.sort((a, b) => a.at - b.at || a.planSeed - b.planSeed);
    if (events.length >= PER_DAY) events.length = PER_DAY - 1;
    this.nameRedeemingMembers(site, dayStart, events);
    return events;
  }

  /** Each member redemption is by an account active all day, washing its plan's wash (its own stream of picks). */
  private nameRedeemingMembers(site: ChainSite, dayStart: number, events: Array<{ at: number; kind: Kind; link: TransactionLink | undefined }>): void {
    if (!events.some((e) => e.kind === 'memberRedeem')) return;
    const { model, accounts } = this.world.activeMembers(site, dayStart);
    const p = new Prng(`${this.seed}|redeem|${site.siteId}|${dayStart}`);
    for (const e of events) {
      if (e.kind !== 'memberRedeem') continue;
      if (accounts.length === 0) {
        e.kind = 'retail'; // no member yet: the ticket is an ordinary wash
        continue;
      }
      const account = accounts[p.int(0, accounts.length - 1)] as number;
      e.link = { customer: account, tier: this.world.tierAt(model, account, e.at) };
    }
  }
}

