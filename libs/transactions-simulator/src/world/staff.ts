/**
 * Each site's staff and their shifts. The ten sellers of `staff()` ring sales: a morning counter shift (tickets before
 * 14:00 local) and an afternoon one, as many on duty as the day's expected cars call for; tickets name only sellers on
 * duty, so every cashier and greeter is clocked in when they ring. Tunnel crew (never on tickets) fill the day's
 * clocked hours up to `laborHoursPerCar` × expected cars.
 */
import { FIRST_NAMES, LAST_NAMES, type ChainSite } from '../chain.js';
import { staff } from '../builder/people.js';
import { Prng, hashString } from '@washops/sim-kit';
import { LruCache } from '../lru.js';
import { HOUR_MS, MINUTE_MS, expectedCars, localMidnight, localParts, ordinalOfDate, streamPrng } from './rhythm.js';
import type { EmployeeRecord } from './types.js';

const SHIFT_GROUP = 5;
/** One seller per counter shift for about this many expected cars (at least one, at most the group of five). */
const CARS_PER_SELLER = 350;
const CREW_SHIFT_HOURS = 8;
/** The highest labor rate a site's crew can cover (the rate's upper bound in `rates.ts`). */
export const MAX_LABOR_HOURS_PER_CAR = 0.15;

/** Enough crew for the busiest day at the highest rate, in shifts of at most about nine hours. */
function crewSize(site: ChainSite): number {
  const busiestCars = site.dailyBase * 1.5;
  return Math.max(6, Math.ceil((MAX_LABOR_HOURS_PER_CAR * busiestCars) / 9));
}
/** Crew shift starts, local time: opening, mid-morning, lunch, afternoon and two closers (late ones run past midnight). */
const CREW_STARTS_MIN = [6 * 60, 9 * 60, 11 * 60, 13 * 60, 15 * 60, 16 * 60 + 30];
/** Sellers hand over at 14:00 local: the morning shift rings tickets before it, the afternoon shift after. */
export const HANDOVER_HOUR = 14;

export interface Shift {
  /** Index into the site's employees (0–9 sellers, 10+ crew). */
  employee: number;
  clockInMs: number;
  clockOutMs: number;
  wasModified: boolean;
  modifiedMs: number | null;
  createdInBackOffice: boolean;
}

export function employeeIdOf(site: ChainSite, index: number): number {
  return site.siteId * 100 + index + 1;
}

export function employeeRef(employeeId: number): { siteId: number; index: number } {
  return { siteId: Math.floor(employeeId / 100), index: (employeeId % 100) - 1 };
}

const duties = new LruCache<string, { morning: number[]; afternoon: number[] }>(20_000);
/** Roster indices of the sellers on duty at a site on a local date. */
export function sellersOnDuty(seed: string, site: ChainSite, date: string): { morning: number[]; afternoon: number[] } {
  const key = `${seed}|${site.siteId}|${date}`;
  let duty = duties.get(key);
  if (!duty) {
    const n = Math.min(SHIFT_GROUP, Math.max(1, Math.round(expectedCars(seed, site, date) / CARS_PER_SELLER)));
    const pickFrom = (first: number) =>
      [...Array(SHIFT_GROUP).keys()]
        .map((i) => first + i)
        .sort((a, b) => hashString(`${seed}|duty|${site.siteId}|${date}|${a}`) - hashString(`${seed}|duty|${site.siteId}|${date}|${b}`))
        .slice(0, n)
        .sort((a, b) => a - b);
    duty = { morning: pickFrom(0), afternoon: pickFrom(SHIFT_GROUP) };
    duties.set(key, duty);
  }
  return duty;
}

/** The names a ticket at `at` may carry as cashier or greeter: the sellers of the shift at the counter then. */
export function sellerNamesAt(seed: string, site: ChainSite, at: number, hour: number): string[] {
  const duty = sellersOnDuty(seed, site, localParts(site.timezone, at).date);
  const roster = staff(seed, site);
  return (hour < HANDOVER_HOUR ? duty.morning : duty.afternoon).map((i) => roster[i] as string);
}

const crews = new Map<string, string[]>();
function crewNames(seed: string, site: ChainSite): string[] {
  const key = `${seed}|${site.siteId}`;
  let names = crews.get(key);
  if (!names) {
    const taken = new Set(staff(seed, site));
    const p = new Prng(`${seed}|crew|${site.siteId}`);
    names = [];
    while (names.length < crewSize(site)) {
      const name = `${p.pick(FIRST_NAMES)} ${p.pick(LAST_NAMES)}`;
      if (!taken.has(name)) {
        taken.add(name);
        names.push(name);
      }
    }
    crews.set(key, names);
  }
  return names;
}

/** The site's employees: sellers first (as named on tickets), then tunnel crew. The online store has none. */
export function employeesOf(seed: string, site: ChainSite): EmployeeRecord[] {
  if (site.virtual) return [];
  const names = [...staff(seed, site), ...crewNames(seed, site)];
  return names.map((displayName, index) => {
    const p = streamPrng(seed, 'employee', site.siteId, index);
    const [firstName = displayName, ...rest] = displayName.split(' ');
    const lastName = rest.join(' ');
    const ringsSales = index < 2 * SHIFT_GROUP;
    const startYear = p.int(2016, 2023);
    return {
      employeeId: employeeIdOf(site, index),
      firstName,
      lastName,
      displayName,
      siteId: site.siteId,
      ringsSales,
      active: true,
      startDate: `${startYear}-${String(p.int(1, 12)).padStart(2, '0')}-${String(p.int(1, 28)).padStart(2, '0')}`,
      phone: p.chance(0.8) ? `${site.region === 'INDIANA' ? '219' : site.region === 'GLOBAL' ? '615' : '630'}555${p.digits(4)}` : null,
      email: p.chance(0.6) ? `${firstName.toLowerCase()}.${lastName.toLowerCase()}${p.int(1, 99)}@example.com` : null,
      rateCents: ringsSales ? p.int(1500, 1850) : p.int(1400, 1650),
    };
  });
}

const shiftCache = new LruCache<string, Shift[]>(20_000);
/**
 * Shifts that start at a site on a local date. Sellers: 06:30–07:00 to 14:05–14:30, or 13:30–14:00 to 21:05–21:30.
 * Crew: shifts of about eight hours whose lengths add up, with the sellers', to `laborHoursPerCar` × expected cars.
 */
export function shiftsOn(seed: string, site: ChainSite, date: string, laborHoursPerCar: number): Shift[] {
  const key = `${seed}|${site.siteId}|${date}|${laborHoursPerCar}`;
  const cached = shiftCache.get(key);
  if (cached) return cached;
  const shifts: Shift[] = [];
  if (!site.virtual) {
    const midnight = localMidnight(site.timezone, date);
    const p = streamPrng(seed, 'shifts', site.siteId, date);
    const duty = sellersOnDuty(seed, site, date);
    const at = (minutes: number) => midnight + minutes * MINUTE_MS;
    for (const employee of duty.morning) shifts.push(shift(p, employee, at(6 * 60 + 30 + p.int(0, 29)), at(14 * 60 + 5 + p.int(0, 25))));
    for (const employee of duty.afternoon) shifts.push(shift(p, employee, at(13 * 60 + 30 + p.int(0, 29)), at(21 * 60 + 5 + p.int(0, 25))));
    const sellerMinutes = shifts.reduce((sum, s) => sum + (s.clockOutMs - s.clockInMs) / MINUTE_MS, 0);
    const remaining = Math.round(laborHoursPerCar * expectedCars(seed, site, date) * 60 - sellerMinutes);
    if (remaining > 0) {
      const size = crewSize(site);
      const count = Math.min(size, Math.max(1, Math.ceil(remaining / (CREW_SHIFT_HOURS * 60))));
      const day = ordinalOfDate(date);
      for (let j = 0; j < count; j++) {
        const minutes = Math.floor(remaining / count) + (j < remaining % count ? 1 : 0);
        const start = at(CREW_STARTS_MIN[j % CREW_STARTS_MIN.length]! + p.int(0, 20));
        shifts.push(shift(p, 2 * SHIFT_GROUP + ((j + day) % size), start, start + minutes * MINUTE_MS));
      }
    }
  }
  shiftCache.set(key, shifts);
  return shifts;
}

function shift(p: Prng, employee: number, clockInMs: number, clockOutMs: number): Shift {
  const wasModified = p.chance(0.03);
  const modifiedMs = wasModified ? clockOutMs + p.int(1, 20) * HOUR_MS : null;
  return { employee, clockInMs, clockOutMs, wasModified, modifiedMs, createdInBackOffice: p.chance(0.01) };
}
