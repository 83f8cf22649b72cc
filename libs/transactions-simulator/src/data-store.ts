/**
 * The seeded data, generated lazily per (site, UTC day) bucket and kept in a bounded LRU, so a month over every site
 * never sits in memory at once. A bucket holds only what lists need (time, number, total, type bits, customer);
 * details are rebuilt from the bucket's plan seed by the same builder, so list, v2, get and jobs agree.
 */
import { systemClock, type Clock } from '@washops/clock';
import { TYPE_BIT, siteById, type ChainSite } from './chain.js';
import { DAY_MS, DayGenerator, NUMBER_EPOCH_MS, PER_DAY, RECORD_BASE, dayOrdinalOf, numberOf, recordAt, recordOf, type Bucket } from './day-generator.js';
import { LruCache } from './lru.js';
import { KINDS, buildTransaction, customerId, type BuiltTransaction, type Kind } from './transaction-builder.js';
import { resolveWorldRates } from './world/rates.js';
import { lowerBound } from './world/rhythm.js';
import type { AttendedTicket } from './world/sales-outcomes.js';
import type { WorldRates } from './world/types.js';
import { SimWorld } from './world/world.js';

export { DAY_MS } from './day-generator.js';

/** Per full-day counts, one per type bit in TYPE_BIT order. */
type DayCounts = number[];

export interface Row {
  site: ChainSite;
  bucket: Bucket;
  index: number;
}

export interface ListRow {
  transNumber: number;
  transId: string;
  /** Cents. */
  total: number;
  date: string;
  customerId: string | null;
  isRecurringPlanSale: boolean;
  isRecurringPlanRedemption: boolean;
  transactionStatus: 'Completed' | 'Voided';
}

export interface DetailRow extends BuiltTransaction {
  id: string;
  number: number;
  completeDate: string;
  locationCode: string;
  customerIdString: string | null;
}

export interface Query {
  sites: readonly ChainSite[];
  /** Inclusive bounds, ms. */
  startMs: number;
  endMs: number;
  /** Only transactions in this item_type list (a TYPE_BIT value). */
  typeBit?: number;
}

const TYPE_BITS = Object.values(TYPE_BIT);

export class DataStore {
  private readonly buckets: LruCache<string, Bucket>;
  /** Small per-day numbers; bounded too, so a simulator running for months does not grow. */
  private readonly dayCounts = new LruCache<string, DayCounts>(20_000);
  private readonly dayTotals = new LruCache<string, number>(20_000);
  /** Counts of partial days (the first and last day of a range), so paging a range does not regenerate them. */
  private readonly partialCounts = new LruCache<string, number>(4096);

  private readonly generator: DayGenerator;
  /** The world the transactions agree with (members, cards, books, staff...). */
  readonly world: SimWorld;

  constructor(
    readonly seed: string,
    bucketCapacity = 256,
    options: { rates?: Partial<WorldRates>; clock?: Pick<Clock, 'now'> } = {},
  ) {
    this.buckets = new LruCache(bucketCapacity);
    const clock = options.clock ?? systemClock;
    this.world = new SimWorld({
      seed,
      rates: resolveWorldRates(options.rates),
      now: () => clock.now(),
      attendedTickets: (site, dayStart, wanted) => this.attendedTickets(site, dayStart, wanted),
    });
    this.generator = new DayGenerator(seed, this.world);
  }

  get cachedBuckets(): number {
    return this.buckets.size;
  }

  /** Total matching transactions. */
  count(query: Query): number {
    let sum = 0;
    for (const day of days(query)) sum += this.countDay(query, day);
    return sum;
  }

  /** One page (1-based) in list order: completeDate, then number, then site. */
  page(query: Query, page: number, limit: number): Row[] {
    let skip = (page - 1) * limit;
    const out: Row[] = [];
    for (const day of days(query)) {
      const dayCount = this.countDay(query, day);
      if (skip >= dayCount) {
        skip -= dayCount;
        continue;
      }
      const rows = this.dayRows(query, day);
      for (let i = skip; i < rows.length && out.length < limit; i++) out.push(rows[i] as Row);
      skip = 0;
      if (out.length >= limit) break;
    }
    return out;
  }

  listRow(row: Row): ListRow {
    const { bucket, index, site } = row;
    const kind = KINDS[bucket.kind[index] as number] as Kind;
    const at = bucket.at[index] as number;
    return {
      transNumber: numberOf(bucket, index),
      transId: `${recordOf(bucket, index)}:${site.siteId}`,
      total: bucket.total[index] as number,
      date: new Date(at).toISOString(),
      customerId: customerId(site, bucket.customer[index] as number),
      isRecurringPlanSale: kind === 'memberSale' || kind === 'memberUpgrade',
      isRecurringPlanRedemption: kind === 'memberRedeem',
      transactionStatus: kind === 'void' ? 'Voided' : 'Completed',
    };
  }

  detail(row: Row): DetailRow {
    const { bucket, index, site } = row;
    const built = buildTransaction({
      seed: this.seed,
      site,
      kind: KINDS[bucket.kind[index] as number] as Kind,
      planSeed: bucket.planSeed[index] as number,
      at: bucket.at[index] as number,
      link: bucket.links[index],
    });
    return {
      ...built,
      id: `${recordOf(bucket, index)}:${site.siteId}`,
      number: numberOf(bucket, index),
      completeDate: new Date(bucket.at[index] as number).toISOString(),
      locationCode: site.code,
      customerIdString: customerId(site, built.customer),
    };
  }

  /**
   * Finds a transaction by id, or undefined when the id names nothing that exists. With `window`, a transaction
   * outside it is not found, and its day is not generated at all.
   */
  find(transId: string, window?: { fromMs: number; toMs: number }): Row | undefined {
    const match = /^(\d+):(\d+)$/.exec(transId);
    if (!match) return undefined;
    const site = siteById.get(Number(match[2]));
    const record = Number(match[1]) - RECORD_BASE;
    if (!site || !Number.isSafeInteger(record) || record < 0) return undefined;
    const dayOrdinal = Math.floor(record / PER_DAY);
    const seq = record % PER_DAY;
    const dayStart = NUMBER_EPOCH_MS + dayOrdinal * DAY_MS;
    if (window && (dayStart + DAY_MS <= window.fromMs || dayStart > window.toMs)) return undefined;
    const bucket = this.bucket(site, dayStart);
    if (seq >= bucket.at.length) return undefined;
    const at = bucket.at[seq] as number;
    if (window && (at < window.fromMs || at > window.toMs)) return undefined;
    return { site, bucket, index: seq };
  }

  clear(): void {
    this.buckets.clear();
    this.partialCounts.clear();
  }

  /**
   * The site-day's tickets that `wanted` picks by id and kind and that a cashier rang, built in full. Read from the
   * kept bucket when there is one; otherwise from the day's tickets unsummarised, building only the picked ones.
   */
  private attendedTickets(site: ChainSite, dayStart: number, wanted: (transId: string, kind: Kind) => boolean): AttendedTicket[] {
    const out: AttendedTicket[] = [];
    const bucket = this.buckets.get(`${site.siteId}|${dayStart}`);
    const tickets = bucket
      ? Array.from(bucket.at, (at, index) => ({ at, kind: KINDS[bucket.kind[index] as number] as Kind, planSeed: bucket.planSeed[index] as number, link: bucket.links[index] }))
      : this.generator.tickets(site, dayStart);
    const dayOrdinal = dayOrdinalOf(dayStart);
    tickets.forEach(({ at, kind, planSeed, link }, index) => {
      const transId = `${recordAt(dayOrdinal, index)}:${site.siteId}`;
      if (!wanted(transId, kind)) return;
      const t = buildTransaction({ seed: this.seed, site, kind, planSeed, at, link });
      if (t.employeeCashier === null) return;
      out.push({ transId, at, kind, cashier: t.employeeCashier, device: t.salesDeviceName, skus: t.lines.map((l) => l.sku) });
    });
    return out;
  }

  private countDay(query: Query, day: number): number {
    let sum = 0;
    const full = query.startMs <= day && query.endMs >= day + DAY_MS - 1;
    for (const site of query.sites) {
      if (full && query.typeBit === undefined) {
        sum += this.dayTotal(site, day);
      } else if (full) {
        sum += this.fullDayCounts(site, day)[TYPE_BITS.indexOf(query.typeBit as number)] as number;
      } else {
        const key = `${site.siteId}|${day}|${query.startMs}|${query.endMs}|${query.typeBit ?? ''}`;
        let count = this.partialCounts.get(key);
        if (count === undefined) {
          const bucket = this.bucket(site, day);
          const [lo, hi] = range(bucket, query);
          count = 0;
          if (query.typeBit === undefined) count = hi - lo;
          else for (let i = lo; i < hi; i++) if ((bucket.typeMask[i] as number) & query.typeBit) count++;
          this.partialCounts.set(key, count);
        }
        sum += count;
      }
    }
    return sum;
  }

  private dayRows(query: Query, day: number): Row[] {
    const rows: Row[] = [];
    for (const site of query.sites) {
      const bucket = this.bucket(site, day);
      const [lo, hi] = range(bucket, query);
      for (let i = lo; i < hi; i++) {
        if (query.typeBit === undefined || (bucket.typeMask[i] as number) & query.typeBit) rows.push({ site, bucket, index: i });
      }
    }
    if (query.sites.length > 1) {
      rows.sort(
        (a, b) =>
          (a.bucket.at[a.index] as number) - (b.bucket.at[b.index] as number) ||
          numberOf(a.bucket, a.index) - numberOf(b.bucket, b.index) ||
          a.site.siteId - b.site.siteId,
      );
    }
    return rows;
  }

  private fullDayCounts(site: ChainSite, day: number): DayCounts {
    const key = `${site.siteId}|${day}`;
    let counts = this.dayCounts.get(key);
    if (!counts) {
      const bucket = this.bucket(site, day);
      const perType = TYPE_BITS.map(() => 0);
      for (let i = 0; i < bucket.at.length; i++) {
        const mask = bucket.typeMask[i] as number;
        for (let b = 0; b < TYPE_BITS.length; b++) if (mask & (TYPE_BITS[b] as number)) perType[b]!++;
      }
      counts = perType;
      this.dayCounts.set(key, counts);
    }
    return counts;
  }

  private bucket(site: ChainSite, dayStart: number): Bucket {
    const key = `${site.siteId}|${dayStart}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = this.generator.generate(site, dayStart);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  /** How many transactions a site has on a UTC day: cheap, without generating them (see `DayGenerator.dayTotal`). */
  private dayTotal(site: ChainSite, dayStart: number): number {
    const key = `${site.siteId}|${dayStart}`;
    let total = this.dayTotals.get(key);
    if (total === undefined) {
      total = this.generator.dayTotal(site, dayStart);
      this.dayTotals.set(key, total);
    }
    return total;
  }

}

/** Start of each UTC day the query touches. */
function* days(query: Query): Generator<number> {
  if (query.endMs < query.startMs) return;
  for (let day = Math.floor(query.startMs / DAY_MS) * DAY_MS; day <= query.endMs; day += DAY_MS) yield day;
}

/** Index range [lo, hi) of the bucket inside the query's time bounds. */
function range(bucket: Bucket, query: Query): [number, number] {
  return [lowerBound(bucket.at, query.startMs), lowerBound(bucket.at, query.endMs + 1)];
}
