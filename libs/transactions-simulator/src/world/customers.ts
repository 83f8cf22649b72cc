/**
 * Customer records for every index a ticket can carry at a site: the loyalty pool (walk-ins and book buyers, known
 * before the world's start), one customer per membership account (the member signing up), and the fleet accounts.
 * Names are the ones transactions print; contact details are generated (fake personal data).
 */
import { FLEET_COMPANIES, type ChainSite } from '../chain.js';
import { FLEET_BASE, customerId, customerName } from '../builder/people.js';
import { hashString } from '@washops/sim-kit';
import { DAY_MS, localMidnight, streamPrng } from './rhythm.js';
import { WORLD_START_DATE, type MemberModel } from './memberships.js';
import type { CustomerRecord } from './types.js';

const STREETS = ['Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Washington St', 'Lake St', 'Park Ave', 'Elm St', 'Hillside Rd', 'Prairie Ave'];
const PLACES: Record<string, Array<[string, string, string[]]>> = {
  ILLINOIS: [['Naperville', 'IL', ['60540', '60563']], ['Joliet', 'IL', ['60431', '60435']], ['Wheaton', 'IL', ['60187']], ['Berwyn', 'IL', ['60402']]],
  INDIANA: [['Merrillville', 'IN', ['46410']], ['Hobart', 'IN', ['46342']], ['Valparaiso', 'IN', ['46383', '46385']]],
  GLOBAL: [['Nolensville', 'TN', ['37135']], ['Dickson', 'TN', ['37055']], ['Fairview', 'TN', ['37062']], ['Jackson', 'TN', ['38301']]],
};
const AREA_CODES: Record<string, string[]> = { ILLINOIS: ['630', '708', '773', '815'], INDIANA: ['219'], GLOBAL: ['615', '731'] };

/** Walk-ins and book buyers are drawn from twice the member count (see the kind builders). */
export function loyaltyPool(site: ChainSite): number {
  return site.virtual ? 0 : 2 * Math.max(site.members, 1);
}

/** How many pool indices exist at a site by `asOfMs`: the loyalty pool, or more once accounts outnumber it. */
export function customerCount(model: MemberModel, asOfMs: number): number {
  return Math.max(loyaltyPool(model.site), signedUpBy(model, asOfMs));
}

/** Accounts signed up at or before `asOfMs` (sign-up times ascend with the account index). */
export function signedUpBy(model: MemberModel, asOfMs: number): number {
  let lo = 0;
  let hi = model.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((model.signUpMs[mid] as number) <= asOfMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function fleetCustomers(site: ChainSite): number[] {
  return site.virtual ? [] : FLEET_COMPANIES.map((_, i) => FLEET_BASE + i);
}

/** One customer; `model` says when member customers signed up. Undefined when the index names no one by `asOfMs`. */
export function customerRecord(seed: string, model: MemberModel, customer: number, asOfMs: number): CustomerRecord | undefined {
  const { site } = model;
  const worldStart = localMidnight(site.timezone, WORLD_START_DATE);
  const isFleet = customer >= FLEET_BASE;
  if (isFleet ? customer - FLEET_BASE >= fleetCustomers(site).length : customer < 0 || customer >= model.count && customer >= loyaltyPool(site)) return undefined;
  const p = streamPrng(seed, 'customer', site.siteId, customer);
  const knownBefore = worldStart - (1 + p.int(0, 1500)) * DAY_MS - p.int(0, 86_399) * 1000;
  const inPool = isFleet || customer < loyaltyPool(site);
  const signUp = customer < model.count ? (model.signUpMs[customer] as number) : Number.POSITIVE_INFINITY;
  const createdMs = inPool ? Math.min(knownBefore, signUp) : signUp;
  if (createdMs > asOfMs) return undefined;
  const name = customerName(seed, site, customer);
  const [firstName = name, ...rest] = isFleet ? [name] : name.split(' ');
  const lastName = rest.join(' ');
  const modifiedAt = createdMs + p.int(1, 900) * DAY_MS;
  const places = PLACES[site.region] ?? PLACES['ILLINOIS']!;
  const [city, state, zips] = places[hashString(`${seed}|city|${site.siteId}|${customer}`) % places.length]!;
  const areaCodes = AREA_CODES[site.region] ?? ['630'];
  const handle = `${firstName}.${lastName || 'fleet'}`.toLowerCase().replace(/[^a-z.]/g, '');
  const id = customerId(site, customer) as string;
  return {
    customerId: id,
    siteId: site.siteId,
    number: id.slice(0, id.indexOf(':')),
    firstName,
    lastName,
    phone: p.chance(0.9) ? `${p.pick(areaCodes)}${p.int(200, 999)}${p.digits(4)}` : null,
    email: p.chance(0.75) ? `${handle}${p.int(1, 999)}@${p.pick(['example.com', 'example.net', 'example.org'])}` : null,
    address: p.chance(0.7)
      ? { address1: `${p.int(100, 9999)} ${p.pick(STREETS)}`, address2: p.chance(0.1) ? `Apt ${p.int(1, 40)}` : null, city, state, country: 'US', postalCode: p.pick(zips) }
      : null,
    birthDate: !isFleet && p.chance(0.5) ? `${p.int(1950, 2005)}-${String(p.int(1, 12)).padStart(2, '0')}-${String(p.int(1, 28)).padStart(2, '0')}` : null,
    isActive: !p.chance(0.03),
    allowSms: p.chance(0.6),
    createdMs,
    modifiedMs: p.chance(0.35) && modifiedAt <= asOfMs ? modifiedAt : null,
  };
}
