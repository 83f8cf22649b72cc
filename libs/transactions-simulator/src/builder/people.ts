/** Who is on a ticket: customers, their names and plates, each site's staff roster, and the local hour. */
import { FIRST_NAMES, FLEET_COMPANIES, LAST_NAMES, type ChainSite } from '../chain.js';
import { Prng, hashString } from '@washops/sim-kit';

/** Customer numbers start here; a customer id is `<number>:<siteId>`. Fleet accounts follow the members. */
const CUSTOMER_BASE = 5000;
export const FLEET_BASE = 90_000;

export function customerId(site: ChainSite, customer: number): string | null {
  return customer < 0 ? null : `${CUSTOMER_BASE + customer}:${site.siteId}`;
}

/** The wash tier a member holds, stable per customer. */
export function memberTier(seed: string, site: ChainSite, customer: number): number {
  const roll = hashString(`${seed}|tier|${site.siteId}|${customer}`) % 100;
  return roll < 45 ? 0 : roll < 75 ? 1 : roll < 93 ? 2 : 3;
}

export function customerName(seed: string, site: ChainSite, customer: number): string {
  if (customer >= FLEET_BASE) return FLEET_COMPANIES[(customer - FLEET_BASE) % FLEET_COMPANIES.length] ?? 'Fleet';
  const h = hashString(`${seed}|name|${site.siteId}|${customer}`);
  return `${FIRST_NAMES[h % FIRST_NAMES.length]} ${LAST_NAMES[(h >>> 8) % LAST_NAMES.length]}`;
}

const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
export function plate(seed: string, site: ChainSite, customer: number): string {
  const p = new Prng(`${seed}|plate|${site.siteId}|${customer}`);
  let letters = '';
  for (let i = 0; i < 3; i++) letters += PLATE_LETTERS[p.int(0, PLATE_LETTERS.length - 1)];
  // Illinois-, Indiana- and Tennessee-style plates differ in shape; close enough to look real.
  if (site.region === 'GLOBAL') return `${letters}${p.digits(4)}`;
  if (site.region === 'INDIANA') return `${p.digits(3)}${letters}`;
  return `${letters}${p.digits(4).slice(0, 3)}`;
}

/** Ten staff per site; the seed picks their names. Morning and afternoon shifts. */
const rosters = new Map<string, string[]>();
export function staff(seed: string, site: ChainSite): string[] {
  const key = `${seed}|${site.siteId}`;
  const cached = rosters.get(key);
  if (cached) return cached;
  const p = new Prng(`${seed}|staff|${site.siteId}`);
  const names: string[] = [];
  while (names.length < 10) {
    const name = `${p.pick(FIRST_NAMES)} ${p.pick(LAST_NAMES)}`;
    if (!names.includes(name)) names.push(name);
  }
  if (rosters.size > 1000) rosters.clear();
  rosters.set(key, names);
  return names;
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();
/** The local hour (0–23) at a site. */
export function localHour(timezone: string, at: number): number {
  let fmt = hourFormatters.get(timezone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: 'numeric', hourCycle: 'h23' });
    hourFormatters.set(timezone, fmt);
  }
  return Number(fmt.format(at)) % 24;
}
