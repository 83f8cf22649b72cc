/**
 * The seeded data, generated lazily per (site, UTC day) bucket and kept in a bounded LRU, so a month over every site
 * never sits in memory at once. A bucket holds only what lists need (time, number, total, type bits, customer);
 * details are rebuilt from the bucket's plan seed by the same builder, so list, v2, get and jobs agree.
 */
import { SITES, TYPE_BIT, siteById, type ChainSite } from './chain.js';
import { LruCache } from './lru.js';
import { Prng, hashString } from './prng.js';
import {
  KINDS,
  KIND_CODE,
  buildTransaction,
  customerId,
  type BuiltTransaction,
  type Kind,
} from './transaction-builder.js';

export const DAY_MS = 86_400_000;
/** Per-site numbering: number = NUMBER_BASE + dayOrdinal × PER_DAY + seq; a day never holds PER_DAY transactions. */
const NUMBER_EPOCH_MS = Date.UTC(2020, 0, 1);
const PER_DAY = 5000;
const NUMBER_BASE = 100_000;
/** Record ids (the part of the transaction id before the colon) run on their own sequence. */
const RECORD_BASE = 3_000_000;

/** Local-hour weights of a tunnel wash: closed overnight, peak around midday. */
const HOUR_WEIGHTS = [
  0, 0, 0, 0, 0, 0, 0, 0.02, 0.045, 0.065, 0.08, 0.095, 0.105, 0.105, 0.1, 0.095, 0.09, 0.08, 0.065, 0.04, 0.02, 0, 0,
  0,
];
/** Online sales run round the clock with an evening bump. */
const ONLINE_HOUR_WEIGHTS = [
  0.01, 0.01, 0.005, 0.005, 0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.055, 0.06, 0.06, 0.06, 0.055, 0.055, 0.055, 0.06,
  0.07, 0.08, 0.08, 0.07, 0.045, 0.025,
];
/** Sunday .. Saturday. */
const WEEKDAY_FACTOR = [1.1, 0.88, 0.9, 0.92, 0.95, 1.08, 1.25];

const PHYSICAL_KINDS: Kind[] = [
  'retail', 'memberRedeem', 'memberSale', 'memberUpgrade', 'prepaidSale', 'prepaidRedeem', 'washbookSale',
  'washbookRedeem', 'giftSale', 'giftRedeem', 'houseCharge', 'housePayment', 'merch', 'vacuum', 'return', 'void',
  'rewash',
];
const PHYSICAL_WEIGHTS = [
  330, 360, 35, 10, 15, 30, 6, 20, 10, 20, 30, 2, 40, 30, 4, 6, 6,
];
const ONLINE_KINDS: Kind[] = ['memberSale', 'giftSale', 'prepaidSale', 'washbookSale', 'memberUpgrade'];
const ONLINE_WEIGHTS = [35, 25, 20, 15, 5];

interface Bucket {
  siteId: number;
  dayStart: number;
  dayOrdinal: number;
  at: Float64Array;
  kind: Uint8Array;
  planSeed: Uint32Array;
  total: Int32Array;
  typeMask: Uint8Array;
  customer: Int32Array;
}

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
  private readonly dayFactors = new LruCache<string, number>(20_000);
  private readonly dayTotals = new LruCache<string, number>(20_000);
  /** Counts of partial days (the first and last day of a range), so paging a range does not regenerate them. */
  private readonly partialCounts = new LruCache<string, number>(4096);

  constructor(
    readonly seed: string,
    bucketCapacity = 256,
  ) {
    this.buckets = new LruCache(bucketCapacity);
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
      bucket = this.generate(site, dayStart);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  /** How many transactions a site has on a UTC day: cheap, without generating them (see `hourCounts`). */
  private dayTotal(site: ChainSite, dayStart: number): number {
    const key = `${site.siteId}|${dayStart}`;
    let total = this.dayTotals.get(key);
    if (total === undefined) {
      total = Math.min(PER_DAY - 1, this.hourCounts(site, dayStart).reduce((sum, h) => sum + h.sales + h.renewals, 0));
      this.dayTotals.set(key, total);
    }
    return total;
  }

  /**
   * Per UTC hour of the day: how many sales and membership renewals. Drawn from their own PRNG stream, apart from the
   * transactions themselves, so that counting a day never needs the day's transactions.
   */
  private hourCounts(site: ChainSite, dayStart: number): Array<{ hour: number; sales: number; renewals: number }> {
    const p = new Prng(`${this.seed}|count|${site.siteId}|${dayStart}`);
    const out: Array<{ hour: number; sales: number; renewals: number }> = [];
    for (let h = 0; h < 24; h++) {
      const local = localParts(site.timezone, dayStart + h * 3_600_000);
      const weights = site.virtual ? ONLINE_HOUR_WEIGHTS : HOUR_WEIGHTS;
      const expected = site.dailyBase * (weights[local.hour] ?? 0) * this.dayFactor(site, local.date, local.weekday);
      const sales = Math.max(0, Math.round(expected + Math.sqrt(expected) * p.normal()));
      // Membership renewals run as a batch in the small hours.
      const renewals = !site.virtual && local.hour === 3 ? Math.round((site.members / 30) * (0.85 + p.next() * 0.3)) : 0;
      out.push({ hour: local.hour, sales, renewals });
    }
    return out;
  }

  private generate(site: ChainSite, dayStart: number): Bucket {
    const p = new Prng(`${this.seed}|day|${site.siteId}|${dayStart}`);
    const events: Array<{ at: number; kind: Kind; planSeed: number; hour: number }> = [];
    this.hourCounts(site, dayStart).forEach(({ hour, sales, renewals }, h) => {
      const hourStart = dayStart + h * 3_600_000;
      for (let i = 0; i < sales; i++) {
        const kind = site.virtual ? p.weighted(ONLINE_KINDS, ONLINE_WEIGHTS) : p.weighted(PHYSICAL_KINDS, PHYSICAL_WEIGHTS);
        events.push({ at: hourStart + p.int(0, 3599) * 1000, kind, planSeed: (p.next() * 4294967296) >>> 0, hour });
      }
      for (let i = 0; i < renewals; i++) {
        const planSeed = (p.next() * 4294967296) >>> 0;
        events.push({ at: hourStart + p.int(0, 1799) * 1000, kind: 'memberBilling', planSeed, hour });
      }
    });
    events.sort((a, b) => a.at - b.at || a.planSeed - b.planSeed);
    if (events.length >= PER_DAY) events.length = PER_DAY - 1;
    const n = events.length;
    const bucket: Bucket = {
      siteId: site.siteId,
      dayStart,
      dayOrdinal: Math.round((dayStart - NUMBER_EPOCH_MS) / DAY_MS),
      at: new Float64Array(n),
      kind: new Uint8Array(n),
      planSeed: new Uint32Array(n),
      total: new Int32Array(n),
      typeMask: new Uint8Array(n),
      customer: new Int32Array(n),
    };
    for (let i = 0; i < n; i++) {
      const e = events[i]!;
      const built = buildTransaction({ seed: this.seed, site, kind: e.kind, planSeed: e.planSeed, at: e.at, hour: e.hour, summaryOnly: true });
      bucket.at[i] = e.at;
      bucket.kind[i] = KIND_CODE.get(e.kind) as number;
      bucket.planSeed[i] = e.planSeed;
      bucket.total[i] = built.total;
      bucket.typeMask[i] = built.typeMask;
      bucket.customer[i] = built.customer;
    }
    return bucket;
  }

  /** Weekday rhythm times the weather: a rainy day halves the line, a sunny Saturday after rain fills it. */
  private dayFactor(site: ChainSite, localDate: string, weekday: number): number {
    const key = `${site.siteId}|${localDate}`;
    let factor = this.dayFactors.get(key);
    if (factor === undefined) {
      const weather = hashString(`${this.seed}|weather|${site.region}|${localDate}`) / 4294967296;
      const local = hashString(`${this.seed}|local|${site.siteId}|${localDate}`) / 4294967296;
      const weatherFactor = weather < 0.15 ? 0.55 : weather < 0.35 ? 0.85 : weather < 0.85 ? 1 : 1.1;
      factor = (WEEKDAY_FACTOR[weekday] ?? 1) * weatherFactor * (0.95 + local * 0.1);
      this.dayFactors.set(key, factor);
    }
    return factor;
  }
}

/** The sites of the chain (all of them; auth narrows per credential). */
export const ALL_SITES = SITES;

function numberOf(bucket: Bucket, index: number): number {
  return NUMBER_BASE + bucket.dayOrdinal * PER_DAY + index + 1;
}

function recordOf(bucket: Bucket, index: number): number {
  return RECORD_BASE + bucket.dayOrdinal * PER_DAY + index;
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

function lowerBound(values: Float64Array, target: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface LocalParts {
  hour: number;
  date: string;
  weekday: number;
}
/** Sites share time zones, so the same UTC hours come up again and again. */
const localPartsCache = new LruCache<string, LocalParts>(8192);

function localParts(timezone: string, at: number): LocalParts {
  const key = `${timezone}|${at}`;
  const cached = localPartsCache.get(key);
  if (cached) return cached;
  const parts = computeLocalParts(timezone, at);
  localPartsCache.set(key, parts);
  return parts;
}

function computeLocalParts(timezone: string, at: number): LocalParts {
  let fmt = partFormatters.get(timezone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      hourCycle: 'h23',
      weekday: 'short',
    });
    partFormatters.set(timezone, fmt);
  }
  const parts: Record<string, string> = {};
  for (const part of fmt.formatToParts(at)) parts[part.type] = part.value;
  return {
    hour: Number(parts['hour']) % 24,
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    weekday: WEEKDAYS.indexOf(parts['weekday'] ?? 'Sun'),
  };
}
