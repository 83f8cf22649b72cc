/**
 * The world's known rates: the defaults in one place, and the checks `TransactionsSimulatorOptions.world` goes
 * through. The other behavioural constants of the world (upgrades, card changes, breakage) sit beside them, so every
 * number an operator's report could be checked against is here.
 */
import { MAX_LABOR_HOURS_PER_CAR } from './staff.js';
import type { WorldRates } from './types.js';

/**
 * Defaults chosen to look like an express chain: 2 % of paying walk-in washes sign up; 4.5 % of members cancel and 2 %
 * are lost to declined cards each billing month (6.5 % churn, lifetime about 15 months); 0.08 clocked hours per car.
 */
export const DEFAULT_WORLD_RATES: Readonly<WorldRates> = {
  conversion: 0.02,
  voluntaryChurn: 0.045,
  involuntaryChurn: 0.02,
  laborHoursPerCar: 0.08,
};

/** Each billing month an active account upgrades to the next plan with this probability (top plan excepted). */
export const MONTHLY_UPGRADE = 0.01;
/** Each billing month an active member replaces the card on file with this probability. */
export const MONTHLY_CARD_CHANGE = 0.01;
/** Gift cards never presented again (breakage), and the days within which the rest is spent. */
export const GIFT_CARD_BREAKAGE = 0.1;
export const GIFT_CARD_SPEND_DAYS = 120;
/** Visits planned per gift card (most are spent in three or four). */
export const GIFT_CARD_MAX_VISITS = 6;
/** Washbooks: washes per book, the share of unlimited books, and how long a book is used. */
export const WASHBOOK_WASHES = 10;
export const UNLIMITED_WASHBOOK_SHARE = 0.1;
export const UNLIMITED_BALANCE = 999;
export const WASHBOOK_USE_DAYS = 180;
/** The share of paying walk-in tickets at a counter where the cashier offers a membership. */
export const MEMBERSHIP_OFFER_SHARE = 0.3;

export function resolveWorldRates(given: Partial<WorldRates> = {}): WorldRates {
  if (typeof given !== 'object' || given === null) throw new TypeError('world must be an object of rates');
  const rates: WorldRates = { ...DEFAULT_WORLD_RATES };
  for (const [key, value] of Object.entries(given)) {
    if (!(key in DEFAULT_WORLD_RATES)) throw new TypeError(`Unknown world rate: ${key}`);
    if (value === undefined) continue;
    const [min, max] = BOUNDS[key as keyof WorldRates];
    if (!(typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max)) {
      throw new TypeError(`world.${key} must be a number from ${min} to ${max}`);
    }
    rates[key as keyof WorldRates] = value;
  }
  if (rates.voluntaryChurn + rates.involuntaryChurn >= 1) throw new TypeError('world churn (voluntary + involuntary) must be below 1');
  return rates;
}

/**
 * Inclusive bounds. Conversion up to 0.5 keeps sign-ups a minority of tickets; labor below about 0.05 h per car is
 * floored by the cashiers' shifts (a site always has someone at each counter), above 0.15 the crew would not cover it.
 */
const BOUNDS: Record<keyof WorldRates, [number, number]> = {
  conversion: [0, 0.5],
  voluntaryChurn: [0, 0.5],
  involuntaryChurn: [0, 0.5],
  laborHoursPerCar: [0.05, MAX_LABOR_HOURS_PER_CAR],
};
