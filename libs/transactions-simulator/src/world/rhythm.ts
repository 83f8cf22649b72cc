/**
 * The chain's rhythm, shared by the day generator and the world: the sales mix per kind, the hours of the day, the
 * weekday and the weather, and local calendar arithmetic. Expected volumes come from here, so the world's rates
 * (sign-ups per eligible wash, labor per car) and the transactions are drawn from the same expectations.
 */
import { Prng, hashString } from '@washops/sim-kit';
import type { ChainSite } from '../chain.js';
import type { Kind } from '../builder/types.js';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** Local-hour weights of a tunnel wash: closed overnight, peak around midday (tickets run 07:00–20:59). */
export const HOUR_WEIGHTS = [
  0, 0, 0, 0, 0, 0, 0, 0.02, 0.045, 0.065, 0.08, 0.095, 0.105, 0.105, 0.1, 0.095, 0.09, 0.08, 0.065, 0.04, 0.02, 0, 0,
  0,
];
/** Online sales run round the clock with an evening bump. */
export const ONLINE_HOUR_WEIGHTS = [
  0.01, 0.01, 0.005, 0.005, 0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.055, 0.06, 0.06, 0.06, 0.055, 0.055, 0.055, 0.06,
  0.07, 0.08, 0.08, 0.07, 0.045, 0.025,
];
/** Sunday .. Saturday. */
const WEEKDAY_FACTOR = [1.1, 0.88, 0.9, 0.92, 0.95, 1.08, 1.25];

/**
 * The share of each kind in a site's sales (weights). Kinds the world owns (sign-ups, upgrades, gift cards and
 * washbooks) are drawn by the world from these shares; the rest by the day generator's hourly stream. For the
 * world's kinds the weight is only a guide: sign-ups follow the conversion rate, upgrades the members, and
 * redemptions the cards and books sold (a book of ten washes per two weights gives the twenty of redemptions). Renewals are not
 * sales: they follow the members. The online store sells gift cards and prepaid washes only (no tunnel, so no eligible
 * washes to convert, no books to redeem).
 */
const PHYSICAL_MIX: ReadonlyArray<readonly [Kind, number]> = [
  ['retail', 330], ['memberRedeem', 360], ['memberSale', 35], ['memberUpgrade', 10], ['prepaidSale', 15],
  ['prepaidRedeem', 30], ['washbookSale', 2], ['washbookRedeem', 20], ['giftSale', 7], ['giftRedeem', 20],
  ['houseCharge', 30], ['housePayment', 2], ['merch', 40], ['vacuum', 30], ['return', 4], ['void', 6], ['rewash', 6],
];
const ONLINE_MIX: ReadonlyArray<readonly [Kind, number]> = [['giftSale', 25], ['prepaidSale', 20]];

/** Kinds whose every ticket is an event of the world (an account, a card or a book), never drawn at random. */
export const WORLD_KINDS: ReadonlySet<Kind> = new Set<Kind>([
  'memberSale', 'memberUpgrade', 'memberBilling', 'giftSale', 'giftRedeem', 'washbookSale', 'washbookRedeem',
]);

/** Kinds whose ticket washes a car (a Wash line, not voided, not a return). */
const CAR_KINDS: ReadonlySet<Kind> = new Set<Kind>([
  'retail', 'memberRedeem', 'memberSale', 'prepaidRedeem', 'washbookRedeem', 'giftRedeem', 'houseCharge', 'rewash',
]);

function mixOf(site: ChainSite): ReadonlyArray<readonly [Kind, number]> {
  return site.virtual ? ONLINE_MIX : PHYSICAL_MIX;
}

function totalWeight(mix: ReadonlyArray<readonly [Kind, number]>): number {
  return mix.reduce((sum, [, w]) => sum + w, 0);
}

/** Share of a kind in the site's sales mix (0 when the site never sells it). */
export function kindShare(site: ChainSite, kind: Kind): number {
  const mix = mixOf(site);
  return (mix.find(([k]) => k === kind)?.[1] ?? 0) / totalWeight(mix);
}

export interface StreamMix {
  kinds: Kind[];
  weights: number[];
  /** The stream's share of all sales: its expected count is the day's volume times this. */
  share: number;
}

const streamMixes = new Map<boolean, StreamMix>();
/** The kinds the hourly stream draws (everything but the world's kinds). */
export function streamMix(site: ChainSite): StreamMix {
  let mix = streamMixes.get(site.virtual);
  if (!mix) {
    const all = mixOf(site);
    const stream = all.filter(([k]) => !WORLD_KINDS.has(k));
    mix = { kinds: stream.map(([k]) => k), weights: stream.map(([, w]) => w), share: totalWeight(stream) / totalWeight(all) };
    streamMixes.set(site.virtual, mix);
  }
  return mix;
}

export function hourWeights(site: ChainSite): readonly number[] {
  return site.virtual ? ONLINE_HOUR_WEIGHTS : HOUR_WEIGHTS;
}

const dayFactors = new Map<string, number>();
/** Weekday rhythm times the weather: a rainy day halves the line, a sunny Saturday after rain fills it. */
export function dayFactor(seed: string, site: ChainSite, localDate: string, weekday: number): number {
  const key = `${seed}|${site.siteId}|${localDate}`;
  let factor = dayFactors.get(key);
  if (factor === undefined) {
    const weather = hashString(`${seed}|weather|${site.region}|${localDate}`) / 4294967296;
    const local = hashString(`${seed}|local|${site.siteId}|${localDate}`) / 4294967296;
    const weatherFactor = weather < 0.15 ? 0.55 : weather < 0.35 ? 0.85 : weather < 0.85 ? 1 : 1.1;
    factor = (WEEKDAY_FACTOR[weekday] ?? 1) * weatherFactor * (0.95 + local * 0.1);
    if (dayFactors.size > 200_000) dayFactors.clear();
    dayFactors.set(key, factor);
  }
  return factor;
}

/** Expected sales (all kinds) at a site on a local date. */
export function expectedSales(seed: string, site: ChainSite, localDate: string): number {
  const weights = hourWeights(site);
  const sum = weights.reduce((a, b) => a + b, 0);
  return site.dailyBase * sum * dayFactor(seed, site, localDate, weekdayOf(localDate));
}

/** Expected cars washed at a site on a local date (tickets with a Wash line, not voided, not returned). */
export function expectedCars(seed: string, site: ChainSite, localDate: string): number {
  if (site.virtual) return 0;
  let share = 0;
  for (const kind of CAR_KINDS) share += kindShare(site, kind);
  return expectedSales(seed, site, localDate) * share;
}

/** A count with the given mean: normal approximation, never negative (as the hourly stream draws). */
export function drawCount(p: Prng, mean: number): number {
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * p.normal()));
}

/** A local time of day (ms after local midnight) drawn by the site's hour weights (as `Prng.weighted` would). */
export function drawTimeOfDay(p: Prng, site: ChainSite): number {
  const cumulative = site.virtual ? ONLINE_CUMULATIVE : PHYSICAL_CUMULATIVE;
  const roll = p.next() * (cumulative[23] as number);
  let hour = 0;
  while (hour < 23 && roll >= (cumulative[hour] as number)) hour++;
  return hour * HOUR_MS + p.int(0, 3599) * 1000;
}
function cumulativeOf(weights: readonly number[]): Float64Array {
  let sum = 0;
  return Float64Array.from(weights, (w) => (sum += w));
}
const PHYSICAL_CUMULATIVE = cumulativeOf(HOUR_WEIGHTS);
const ONLINE_CUMULATIVE = cumulativeOf(ONLINE_HOUR_WEIGHTS);

// ---- Local calendar ------------------------------------------------------------------------------------------
// Calendar lookups run in every loop of the world, so they are memoised in plain maps: the dates and hours a
// simulator touches are a few years' worth, and each map is emptied if it ever grows past its bound.

function memo<K, V>(bound: number): { get(key: K): V | undefined; set(key: K, value: V): void } {
  const map = new Map<K, V>();
  return {
    get: (key) => map.get(key),
    set: (key, value) => {
      if (map.size >= bound) map.clear();
      map.set(key, value);
    },
  };
}

const dates = memo<number, string>(100_000);
/** `YYYY-MM-DD` of a calendar day counted from 1970-01-01 (no time zone: a date is a date). */
export function dateOfOrdinal(ordinal: number): string {
  let date = dates.get(ordinal);
  if (date === undefined) {
    date = new Date(ordinal * DAY_MS).toISOString().slice(0, 10);
    dates.set(ordinal, date);
  }
  return date;
}

const ordinals = memo<string, number>(100_000);
export function ordinalOfDate(date: string): number {
  let ordinal = ordinals.get(date);
  if (ordinal === undefined) {
    ordinal = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
    ordinals.set(date, ordinal);
  }
  return ordinal;
}

export function weekdayOf(date: string): number {
  return (ordinalOfDate(date) + 4) % 7; // 1970-01-01 was a Thursday
}

const monthSteps = memo<string, string>(500_000);
/** The date `months` calendar months after `date`, on the same day of the month or the month's last day. */
export function addMonths(date: string, months: number): string {
  const key = `${date}|${months}`;
  let out = monthSteps.get(key);
  if (out === undefined) {
    const y = Number(date.slice(0, 4));
    const m = Number(date.slice(5, 7)) - 1 + months;
    const d = Number(date.slice(8, 10));
    const year = y + Math.floor(m / 12);
    const month = ((m % 12) + 12) % 12;
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    out = new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
    monthSteps.set(key, out);
  }
  return out;
}

export interface LocalParts {
  hour: number;
  date: string;
  weekday: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const localHours = new Map<string, ReturnType<typeof memo<number, LocalParts>>>();
const dayOffsets = new Map<string, ReturnType<typeof memo<number, number>>>();

/** The zone's offset (ms, local minus UTC) at the start of a UTC hour, from the platform's time-zone data. */
function offsetFromIntl(timezone: string, hourStart: number): number {
  let fmt = partFormatters.get(timezone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', hourCycle: 'h23' });
    partFormatters.set(timezone, fmt);
  }
  const parts: Record<string, string> = {};
  for (const part of fmt.formatToParts(hourStart)) parts[part.type] = part.value;
  const wall = Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']) % 24);
  return wall - hourStart;
}

/**
 * The offset at a UTC hour: asked of the platform twice per UTC day (its first and last hour), and per hour only on
 * the days the offset changes. Every zone of the chain has whole-hour offsets.
 */
function offsetAt(timezone: string, hourIndex: number): number {
  let offsets = dayOffsets.get(timezone);
  if (!offsets) {
    offsets = memo<number, number>(100_000);
    dayOffsets.set(timezone, offsets);
  }
  const day = Math.floor(hourIndex / 24);
  let offset = offsets.get(day);
  if (offset === undefined) {
    const first = offsetFromIntl(timezone, day * DAY_MS);
    const last = offsetFromIntl(timezone, day * DAY_MS + 23 * HOUR_MS);
    offset = first === last ? first : Number.NaN;
    offsets.set(day, offset);
  }
  return Number.isNaN(offset) ? offsetFromIntl(timezone, hourIndex * HOUR_MS) : offset;
}

/** The local hour, date and weekday at a site's time zone. */
export function localParts(timezone: string, at: number): LocalParts {
  const hourIndex = Math.floor(at / HOUR_MS);
  let hours = localHours.get(timezone);
  if (!hours) {
    hours = memo<number, LocalParts>(500_000);
    localHours.set(timezone, hours);
  }
  const cached = hours.get(hourIndex);
  if (cached) return cached;
  const shifted = hourIndex * HOUR_MS + offsetAt(timezone, hourIndex);
  const ordinal = Math.floor(shifted / DAY_MS);
  const local = { hour: Math.floor((shifted - ordinal * DAY_MS) / HOUR_MS), date: dateOfOrdinal(ordinal), weekday: (ordinal + 4) % 7 };
  hours.set(hourIndex, local);
  return local;
}

const midnights = memo<string, number>(200_000);
/** UTC ms of 00:00 local on a date in a time zone. */
export function localMidnight(timezone: string, date: string): number {
  const key = `${timezone}|${date}`;
  let at = midnights.get(key);
  if (at === undefined) {
    const utcMidnight = Date.parse(`${date}T00:00:00Z`);
    at = utcMidnight;
    // Try the offsets a zone can have, nearest to the US ones first; the right one shows 00:00 on that date.
    for (const offsetHours of OFFSETS) {
      const candidate = utcMidnight - offsetHours * HOUR_MS;
      const local = localParts(timezone, candidate);
      if (local.date === date && local.hour === 0) {
        at = candidate;
        break;
      }
    }
    midnights.set(key, at);
  }
  return at;
}
const OFFSETS = [-6, -5, -7, -4, -8, -9, -10, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, -11, -12];

// Day-ordinal arithmetic without strings, for the loops over every account's billing months.
const CAL_FIRST_YEAR = 2000;
const CAL_YEARS = 60;
const monthStarts = Int32Array.from({ length: CAL_YEARS * 12 + 1 }, (_, i) => Math.round(Date.UTC(CAL_FIRST_YEAR, i, 1) / DAY_MS));
const CAL_FIRST = monthStarts[0] as number;
const CAL_LAST = monthStarts[CAL_YEARS * 12] as number;
/** Month index (since January of the first year) of each day of the calendar. */
const monthOfDay = new Int16Array(CAL_LAST - CAL_FIRST);
for (let m = 0; m < CAL_YEARS * 12; m++) monthOfDay.fill(m, (monthStarts[m] as number) - CAL_FIRST, (monthStarts[m + 1] as number) - CAL_FIRST);

/** `addMonths` on day ordinals. */
export function addMonthsOrdinal(ordinal: number, months: number): number {
  if (ordinal < CAL_FIRST || ordinal >= CAL_LAST) return ordinalOfDate(addMonths(dateOfOrdinal(ordinal), months));
  const month = monthOfDay[ordinal - CAL_FIRST] as number;
  const day = ordinal - (monthStarts[month] as number);
  const target = month + months;
  if (target < 0 || target >= CAL_YEARS * 12) return ordinalOfDate(addMonths(dateOfOrdinal(ordinal), months));
  const start = monthStarts[target] as number;
  return start + Math.min(day, (monthStarts[target + 1] as number) - start - 1);
}

/** Whole months from one day ordinal's month to another's (calendar months, days ignored). */
export function monthsBetween(fromOrdinal: number, toOrdinal: number): number {
  if (fromOrdinal < CAL_FIRST || toOrdinal < CAL_FIRST || fromOrdinal >= CAL_LAST || toOrdinal >= CAL_LAST) {
    const a = dateOfOrdinal(fromOrdinal);
    const b = dateOfOrdinal(toOrdinal);
    return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
  }
  return (monthOfDay[toOrdinal - CAL_FIRST] as number) - (monthOfDay[fromOrdinal - CAL_FIRST] as number);
}

/** Day of the month (1–31) of a day ordinal. */
export function dayOfMonth(ordinal: number): number {
  if (ordinal < CAL_FIRST || ordinal >= CAL_LAST) return Number(dateOfOrdinal(ordinal).slice(8, 10));
  return ordinal - (monthStarts[monthOfDay[ordinal - CAL_FIRST] as number] as number) + 1;
}

const midnightsByZone = new Map<string, Float64Array>();
/** `localMidnight` on day ordinals. */
export function localMidnightOf(timezone: string, ordinal: number): number {
  if (ordinal < CAL_FIRST || ordinal >= CAL_LAST) return localMidnight(timezone, dateOfOrdinal(ordinal));
  let table = midnightsByZone.get(timezone);
  if (!table) {
    table = new Float64Array(CAL_LAST - CAL_FIRST).fill(Number.NaN);
    midnightsByZone.set(timezone, table);
  }
  let at = table[ordinal - CAL_FIRST] as number;
  if (Number.isNaN(at)) {
    at = localMidnight(timezone, dateOfOrdinal(ordinal));
    table[ordinal - CAL_FIRST] = at;
  }
  return at;
}

/** The local day ordinal at a moment. */
export function localOrdinal(timezone: string, at: number): number {
  return ordinalOfDate(localParts(timezone, at).date);
}

/** A 32-bit hash of integers (for per-record draws in hot loops, where building a string per call would cost). */
export function hashInts(a: number, b: number, c: number, d = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = mixIn(h, b);
  h = mixIn(h, c);
  h = mixIn(h, d);
  h ^= h >>> 16;
  return h >>> 0;
}

function mixIn(h: number, x: number): number {
  h = Math.imul(h ^ (x >>> 0), 0xc2b2ae35);
  h ^= h >>> 15;
  return Math.imul(h, 0x27d4eb2f);
}

/** A PRNG for one named stream of the world. */
export function streamPrng(seed: string, ...parts: Array<string | number>): Prng {
  return new Prng(`${seed}|${parts.join('|')}`);
}
