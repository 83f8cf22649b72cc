/**
 * What each account draws from its own streams: its life (plan, billings before it ends, how it ends, its upgrade),
 * drawn for every account when a site's members are built, and its details (cards, tags, who cancelled), drawn when
 * its record or a billing's card is asked for.
 */
import { PLANS, type ChainSite } from '../chain.js';
import { Prng } from '@washops/sim-kit';
import { MONTHLY_CARD_CHANGE, MONTHLY_UPGRADE } from './rates.js';
import { hashInts } from './rhythm.js';
import type { WorldRates } from './types.js';

/** What decides an account's life (drawn for every account when a site's members are built). */
export interface LifeDraw {
  tier0: number;
  /** Approved monthly billings after sign-up before the account ends (counting from `minimumApproved`). */
  approved: number;
  voluntary: boolean;
  cancelFraction: number;
  upgradeAfter: number;
  upgradeFraction: number;
}

/** The rest of an account (drawn when its record or a billing's card is asked for), from its own stream. */
export interface DetailDraw {
  cardChangeAfter: number;
  cards: [string, string];
  cardExpiry: [string, string];
  tags: number;
  vehicles: number;
  cancelledBy: number | null;
}

export type AccountDraw = LifeDraw & DetailDraw;

const LIFE_STREAM = 1;
const DETAIL_STREAM = 2;
const TIER_CUMULATIVE = [40, 70, 90, 100];

function geometric(p: Prng, probability: number): number {
  const u = p.next();
  if (probability <= 0) return Number.MAX_SAFE_INTEGER;
  if (probability >= 1) return 0;
  return Math.floor(Math.log(1 - u) / Math.log(1 - probability));
}

export function drawLife(seedHash: number, site: ChainSite, index: number, rates: WorldRates, minimumApproved: number): LifeDraw {
  const p = new Prng(hashInts(seedHash, site.siteId, index, LIFE_STREAM));
  const churn = rates.voluntaryChurn + rates.involuntaryChurn;
  const roll = p.next() * 100;
  let tier0 = 0;
  while (roll >= (TIER_CUMULATIVE[tier0] as number)) tier0++;
  const approved = minimumApproved + geometric(p, churn);
  const voluntary = churn > 0 && p.chance(rates.voluntaryChurn / churn);
  const cancelFraction = 0.05 + 0.9 * p.next();
  const upgradeAfter = tier0 < PLANS.length - 1 ? geometric(p, MONTHLY_UPGRADE) : Number.MAX_SAFE_INTEGER;
  const upgradeFraction = 0.1 + 0.8 * p.next();
  return { tier0, approved, voluntary, cancelFraction, upgradeAfter, upgradeFraction };
}

function detailStream(seedHash: number, site: ChainSite, index: number): Prng {
  return new Prng(hashInts(seedHash, site.siteId, index, DETAIL_STREAM));
}

/** Approved billings before the card on file changes: the details stream's first draw (without drawing the rest). */
export function cardChangeAfterOf(seedHash: number, site: ChainSite, index: number): number {
  return geometric(detailStream(seedHash, site, index), MONTHLY_CARD_CHANGE);
}

export function drawDetails(seedHash: number, site: ChainSite, index: number, signUpYear: number): DetailDraw {
  const p = detailStream(seedHash, site, index);
  const cardChangeAfter = geometric(p, MONTHLY_CARD_CHANGE);
  const cards: [string, string] = [p.digits(4), p.digits(4)];
  const firstExpiry = `${signUpYear + p.int(3, 5)}-${String(p.int(1, 12)).padStart(2, '0')}`;
  const secondExpiry = `${signUpYear + p.int(5, 7)}-${String(p.int(1, 12)).padStart(2, '0')}`;
  const tags = p.chance(0.15) ? 2 : 1;
  const cancelledBy = p.chance(0.6) ? p.int(0, 9) : null;
  return { cardChangeAfter, cards, cardExpiry: [firstExpiry, secondExpiry], tags, vehicles: tags, cancelledBy };
}
