/**
 * Generates one (site, UTC day) bucket from the seed: how many sales per hour (their own PRNG stream, so a day can be
 * counted without being generated), then each transaction's time, kind and plan seed, summarised by the builder.
 */
import { type ChainSite } from './chain.js';
import { LruCache } from './lru.js';
import { Prng, hashString } from '@washops/sim-kit';
import { KIND_CODE, buildTransaction, type Kind } from './transaction-builder.js';

export const DAY_MS = 86_400_000;
/** Per-site numbering: number = NUMBER_BASE + dayOrdinal × PER_DAY + seq; a day never holds PER_DAY transactions. */
export const NUMBER_EPOCH_MS = Date.UTC(2020, 0, 1);
export const PER_DAY = 5000;
const NUMBER_BASE = 100_000;
/** Record ids (the part of the transaction id before the colon) run on their own sequence. */
export const RECORD_BASE = 3_000_000;

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
}

export function numberOf(bucket: Bucket, index: number): number {
  return NUMBER_BASE + bucket.dayOrdinal * PER_DAY + index + 1;
}

export function recordOf(bucket: Bucket, index: number): number {
  return RECORD_BASE + bucket.dayOrdinal * PER_DAY + index;
}

export class DayGenerator {
  private readonly dayFactors = new LruCache<string, number>(20_000);

  constructor(readonly seed: string) {}

  /**
   * Per UTC hour of the day: how many sales and membership renewals. Drawn from their own PRNG stream, apart from the
   * transactions themselves, so that counting a day never needs the day's transactions.
   */
  hourCounts(site: ChainSite, dayStart: number): Array<{ hour: number; sales: number; renewals: number }> {
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

  generate(site: ChainSite, dayStart: number): Bucket {
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
