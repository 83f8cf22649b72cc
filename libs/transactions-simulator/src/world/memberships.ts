/**
 * One site's members: a steady-state population at the world's start, then sign-ups per local day (mean = conversion ×
 * that day's expected paying walk-in washes), each account living a geometric number of billing months until it
 * cancels (voluntary) or its billing is declined (involuntary). Kept column-wise (a few typed arrays per site); the
 * records the endpoints read, and the day's sign-ups, billings and upgrades the day generator reads, derive from it.
 */
import { PLANS, type ChainSite } from '../chain.js';
import { customerId, plate, staff } from '../builder/people.js';
import { hashString } from '@washops/sim-kit';
import { cardChangeAfterOf, drawDetails, drawLife, type AccountDraw, type LifeDraw } from './member-draws.js';
import {
  DAY_MS, HOUR_MS, addMonthsOrdinal, dateOfOrdinal, dayOfMonth, drawCount, drawTimeOfDay, expectedSales, hashInts,
  kindShare, localMidnightOf, localOrdinal, monthsBetween, ordinalOfDate, streamPrng,
} from './rhythm.js';
import { LazyMembership, type Details } from './membership-record.js';
import type { BillingRecord, MembershipRecord, ModificationRecord, StatusEvent, WorldRates } from './types.js';

/** The world's first local day: sign-ups before it form the initial population. */
export const WORLD_START_DATE = '2025-01-01';
/** Membership record numbers (the part of the id before the colon). */
const MEMBERSHIP_BASE = 700_000;
/** The initial population signed up within this many days before the world's start. */
const INITIAL_SPREAD_DAYS = 3 * 365;
const NEVER = Number.POSITIVE_INFINITY;
/** After a declined billing ends an account: Payment Failed, then Suspended (its last status change). */
const PAYMENT_FAILED_AFTER_MS = 3 * DAY_MS;
const SUSPENDED_AFTER_MS = 10 * DAY_MS;
/** A new card is on file this long before the billing that first charges it. */
const CARD_UPDATE_LEAD_MS = 2 * DAY_MS;
/** Distinguishes the upgrade's draw from the billings' (which use k ≥ 1). */
const UPGRADE_STREAM = -1;

const enum End {
  None = 0,
  Voluntary = 1,
  Involuntary = 2,
}

export interface MemberModel {
  site: ChainSite;
  /** Sign-ups are drawn up to this local date (exclusive). */
  horizonDate: string;
  /** Accounts 0 .. initial−1 are the population at the world's start. */
  initial: number;
  count: number;
  signUpMs: Float64Array;
  /** Local day ordinal of each sign-up. */
  signUpDay: Int32Array;
  tier0: Uint8Array;
  approved: Float64Array;
  endReason: Uint8Array;
  /** When the account stopped being active; Infinity while it lives. */
  endMs: Float64Array;
  /** When it moved to the next plan; Infinity if never. */
  upgradeMs: Float64Array;
  /** Accounts by the day of the month they bill on (1–31). */
  byDayOfMonth: number[][];
  /** Account indices with an upgrade, by upgrade time. */
  upgrades: number[];
  /** Their upgrade times, ascending (for a binary search by day). */
  upgradeAt: Float64Array;
}

export class Memberships {
  private readonly seedHash: number;

  constructor(
    private readonly seed: string,
    private readonly rates: WorldRates,
  ) {
    this.seedHash = hashString(seed);
  }

  /** When billing `k` (k ≥ 1) of an account runs. */
  billingAt(model: MemberModel, index: number, k: number): number {
    return billingAt(this.seedHash, model.site, index, model.signUpDay[index] as number, k);
  }

  /** The site's accounts, sign-ups drawn up to `horizonDate`. Deterministic: a later horizon only adds accounts. */
  build(site: ChainSite, horizonDate: string): MemberModel {
    const worldStartDay = ordinalOfDate(WORLD_START_DATE);
    const worldStart = localMidnightOf(site.timezone, worldStartDay);
    const initial = site.virtual ? 0 : site.members;
    const churn = this.rates.voluntaryChurn + this.rates.involuntaryChurn;
    const spread = streamPrng(this.seed, 'initial-members', site.siteId);
    const startAt: number[] = [];
    const startDay: number[] = [];
    const initialStarts: Array<{ at: number; day: number }> = [];
    for (let i = 0; i < initial; i++) {
      // Older members are rarer: ages follow the churn's survival curve, cut at the spread.
      const months = churn > 0 ? -Math.log(1 - spread.next()) / churn : spread.next() * 36;
      const days = 1 + Math.min(INITIAL_SPREAD_DAYS - 1, Math.floor(months * 30.44));
      const day = worldStartDay - days;
      initialStarts.push({ at: localMidnightOf(site.timezone, day) + drawTimeOfDay(spread, site), day });
    }
    initialStarts.sort((a, b) => a.at - b.at);
    for (const { at, day } of initialStarts) {
      startAt.push(at);
      startDay.push(day);
    }
    const retailShare = kindShare(site, 'retail');
    for (let day = worldStartDay, end = ordinalOfDate(horizonDate); day < end; day++) {
      const date = dateOfOrdinal(day);
      const mean = this.rates.conversion * expectedSales(this.seed, site, date) * retailShare;
      if (mean <= 0) continue;
      const p = streamPrng(this.seed, 'signups', site.siteId, date);
      const n = drawCount(p, mean);
      const midnight = localMidnightOf(site.timezone, day);
      const times: number[] = [];
      for (let i = 0; i < n; i++) times.push(midnight + drawTimeOfDay(p, site));
      times.sort((a, b) => a - b);
      for (const at of times) {
        startAt.push(at);
        startDay.push(day);
      }
    }
    const count = startAt.length;
    const model: MemberModel = {
      site,
      horizonDate,
      initial,
      count,
      signUpMs: new Float64Array(count),
      signUpDay: new Int32Array(count),
      tier0: new Uint8Array(count),
      approved: new Float64Array(count),
      endReason: new Uint8Array(count),
      endMs: new Float64Array(count),
      upgradeMs: new Float64Array(count),
      byDayOfMonth: Array.from({ length: 32 }, () => []),
      upgrades: [],
      upgradeAt: new Float64Array(0),
    };
    for (let i = 0; i < count; i++) {
      const at = startAt[i] as number;
      const day = startDay[i] as number;
      model.signUpMs[i] = at;
      model.signUpDay[i] = day;
      const minimum = i < initial ? billingsBefore(this.seedHash, site, i, day, worldStart) : 0;
      const draw = drawLife(this.seedHash, site, i, this.rates, minimum);
      model.tier0[i] = draw.tier0;
      model.approved[i] = draw.approved;
      const life = lifeOf(this.seedHash, site, i, day, at, draw);
      model.endReason[i] = life.endReason;
      model.endMs[i] = life.endMs;
      model.upgradeMs[i] = life.upgradeMs;
      if (life.upgradeMs !== NEVER) model.upgrades.push(i);
      model.byDayOfMonth[dayOfMonth(day)]!.push(i);
    }
    model.upgrades.sort((a, b) => (model.upgradeMs[a] as number) - (model.upgradeMs[b] as number));
    model.upgradeAt = Float64Array.from(model.upgrades, (i) => model.upgradeMs[i] as number);
    return model;
  }

  /**
   * Whether the account may have a status change after its sign-up or, for 'modification', any modification within the
   * inclusive bounds. Read from the model's columns without building the record, so lists that pick changes by date
   * build records only for these; it never misses one, and the record decides the exact changes.
   */
  mayChangeWithin(model: MemberModel, index: number, fromMs: number, toMs: number, change: 'status' | 'modification'): boolean {
    const endMs = model.endMs[index]!;
    if (endMs <= toMs && endMs + SUSPENDED_AFTER_MS >= fromMs) return true;
    if (change === 'status') return false;
    if (isWithin(model.signUpMs[index]!, fromMs, toMs) || isWithin(model.upgradeMs[index]!, fromMs, toMs)) return true;
    const firstNewCardBilling = cardChangeAfterOf(this.seedHash, model.site, index) + 1;
    return firstNewCardBilling <= model.approved[index]! && isWithin(this.billingAt(model, index, firstNewCardBilling) - CARD_UPDATE_LEAD_MS, fromMs, toMs);
  }

  /** The plan tier of an account at a moment (the next plan from its upgrade on). */
  tierAt(model: MemberModel, index: number, at: number): number {
    return (model.tier0[index] as number) + (at >= (model.upgradeMs[index] as number) ? 1 : 0);
  }

  /** The account's draw (cards, tags, who cancelled), as at build time. */
  private draw(model: MemberModel, index: number): AccountDraw {
    const { site } = model;
    const day = model.signUpDay[index]!;
    const minimum = index < model.initial ? billingsBefore(this.seedHash, site, index, day, localMidnightOf(site.timezone, ordinalOfDate(WORLD_START_DATE))) : 0;
    return { ...drawLife(this.seedHash, site, index, this.rates, minimum), ...drawDetails(this.seedHash, site, index, yearOf(day)) };
  }

  /** The card on file charged by billing `k`. */
  cardAt(model: MemberModel, index: number, k: number): { lastFour: string; expiry: string } {
    const draw = drawDetails(this.seedHash, model.site, index, yearOf(model.signUpDay[index] as number));
    const card = k > draw.cardChangeAfter ? 1 : 0;
    return { lastFour: draw.cards[card], expiry: draw.cardExpiry[card] };
  }

  /**
   * The account as of `asOfMs` (statuses, billings and modifications after it are not there yet). The lists are
   * worked out when first read, so listing many accounts costs little until their details are asked for.
   */
  record(model: MemberModel, index: number, asOfMs: number): MembershipRecord {
    const { site } = model;
    const endMs = model.endMs[index]!;
    const ended = endMs <= asOfMs;
    const planIndex = this.tierAt(model, index, asOfMs);
    const plan = PLANS[planIndex]!;
    return new LazyMembership(
      {
        id: membershipId(site, index),
        customerId: customerId(site, index) as string,
        siteId: site.siteId,
        planIndex,
        planName: plan.name,
        priceCents: plan.price,
        signUpMs: model.signUpMs[index]!,
        endMs: ended ? endMs : null,
        endReason: ended ? (model.endReason[index] === End.Voluntary ? 'voluntary' : 'involuntary') : null,
      },
      () => this.details(model, index, asOfMs),
      () => this.statuses(model, index, asOfMs),
    );
  }

  /** The account's statuses by `asOfMs`, oldest first: Active at sign-up, then how it ended (without its other lists). */
  private statuses(model: MemberModel, index: number, asOfMs: number): StatusEvent[] {
    const { site } = model;
    const endMs = model.endMs[index]!;
    const statuses: StatusEvent[] = [{ status: 1, atMs: model.signUpMs[index]!, employeeName: null, siteCode: site.code }];
    if (model.endReason[index] === End.Voluntary) {
      const { cancelledBy } = drawDetails(this.seedHash, site, index, yearOf(model.signUpDay[index]!));
      const by = cancelledBy === null ? null : (staff(this.seed, site)[cancelledBy] ?? null);
      statuses.push({ status: 7, atMs: endMs, employeeName: by, siteCode: site.code });
    } else if (model.endReason[index] === End.Involuntary) {
      statuses.push({ status: 8, atMs: endMs, employeeName: null, siteCode: site.code });
      statuses.push({ status: 2, atMs: endMs + PAYMENT_FAILED_AFTER_MS, employeeName: null, siteCode: site.code });
      statuses.push({ status: 5, atMs: endMs + SUSPENDED_AFTER_MS, employeeName: null, siteCode: site.code });
    }
    return statuses.filter((st) => st.atMs <= asOfMs);
  }

  private details(model: MemberModel, index: number, asOfMs: number): Details {
    const { site } = model;
    const day = model.signUpDay[index]!;
    const signUpMs = model.signUpMs[index]!;
    const draw = this.draw(model, index);
    const endMs = model.endMs[index]!;
    const upgradeMs = model.upgradeMs[index]!;
    const modifications: ModificationRecord[] = [];
    for (let t = 0; t < draw.tags; t++) modifications.push({ name: 'Tag Added', atMs: signUpMs, comment: `Tag ${tagNumber(this.seed, site, index, t)}` });
    const billings: BillingRecord[] = [];
    const lastBilling = model.endReason[index] === End.Involuntary ? draw.approved + 1 : draw.approved;
    for (let k = 1; k <= lastBilling; k++) {
      const at = billingAt(this.seedHash, site, index, day, k);
      if (at > asOfMs) break;
      const card = k > draw.cardChangeAfter ? 1 : 0;
      billings.push({ atMs: at, amountCents: PLANS[this.tierAt(model, index, at)]!.price, cardLastFour: draw.cards[card], cardExpiry: draw.cardExpiry[card], approved: k <= draw.approved });
      if (k === draw.cardChangeAfter + 1 && k <= draw.approved) {
        modifications.push({ name: 'Payment Card Number Updated', atMs: at - CARD_UPDATE_LEAD_MS, comment: `Card ending ${draw.cards[1]}` });
      }
    }
    if (upgradeMs <= asOfMs) {
      const from = PLANS[model.tier0[index]!]!;
      const to = PLANS[model.tier0[index]! + 1]!;
      modifications.push({ name: 'Billing Amount Change', atMs: upgradeMs, comment: `${from.name} ${cents(from.price)} → ${to.name} ${cents(to.price)}` });
    }
    const seen = this.statuses(model, index, asOfMs);
    for (let i = 1; i < seen.length; i++) {
      modifications.push({ name: 'Account Status Changed', atMs: seen[i]!.atMs, comment: `${statusName(seen[i - 1]!.status)} → ${statusName(seen[i]!.status)}` });
    }
    const active = endMs > asOfMs;
    const number = membershipNumber(index);
    return {
      statuses: seen,
      billings,
      modifications: modifications.filter((m) => m.atMs <= asOfMs).sort((a, b) => a.atMs - b.atMs),
      tags: Array.from({ length: draw.tags }, (_, t) => ({ id: `${number}${t + 1}`, number: tagNumber(this.seed, site, index, t), enabled: active })),
      vehicles: Array.from({ length: draw.vehicles }, (_, v) => ({ id: `${number}${v + 1}`, plate: v === 0 ? plate(this.seed, site, index) : null })),
      // Sign-ups pay the plan's price on their ticket, so no account is on a trial.
      isOnTrial: false,
      trialAmountCents: null,
    };
  }
}

function statusName(status: number): string {
  return ['Active', 'Payment Failed', 'Payment CC Expired', 'Payment Retries Exceeded', 'Suspended', 'Expired', 'Cancelled', 'Declined'][status - 1] ?? String(status);
}

function cents(amount: number): string {
  return `$${(amount / 100).toFixed(2)}`;
}

function tagNumber(seed: string, site: ChainSite, index: number, tag: number): string {
  return String(hashString(`${seed}|tag|${site.siteId}|${index}|${tag}`) % 90_000_000 + 10_000_000);
}

function membershipNumber(index: number): number {
  return MEMBERSHIP_BASE + index;
}

export function membershipId(site: ChainSite, index: number): string {
  return `${membershipNumber(index)}:${site.siteId}`;
}

/** The account index a membership id names at a site, or undefined. */
export function membershipIndex(id: string): { siteId: number; index: number } | undefined {
  const match = /^(\d+):(\d+)$/.exec(id);
  if (!match) return undefined;
  const index = Number(match[1]) - MEMBERSHIP_BASE;
  return index >= 0 && Number.isSafeInteger(index) ? { siteId: Number(match[2]), index } : undefined;
}

/** Billing `k` (k ≥ 1) runs on the sign-up's day of the month, k months on, in the 03:00 batch (local). */
export function billingAt(seedHash: number, site: ChainSite, index: number, signUpDay: number, k: number): number {
  const seconds = hashInts(seedHash, site.siteId, index, k) % 1800;
  return localMidnightOf(site.timezone, addMonthsOrdinal(signUpDay, k)) + 3 * HOUR_MS + seconds * 1000;
}

function isWithin(at: number, fromMs: number, toMs: number): boolean {
  return at >= fromMs && at <= toMs;
}

function yearOf(day: number): number {
  return Number(dateOfOrdinal(day).slice(0, 4));
}

/** Billings an initial member went through before the world's start (all approved: they are members at the start). */
function billingsBefore(seedHash: number, site: ChainSite, index: number, signUpDay: number, worldStart: number): number {
  let k = Math.max(0, monthsBetween(signUpDay, localOrdinal(site.timezone, worldStart)) - 1);
  while (k > 0 && billingAt(seedHash, site, index, signUpDay, k) >= worldStart) k--;
  while (billingAt(seedHash, site, index, signUpDay, k + 1) < worldStart) k++;
  return k;
}

function lifeOf(seedHash: number, site: ChainSite, index: number, day: number, signUpMs: number, draw: LifeDraw) {
  const capped = Math.min(draw.approved, 2000);
  let endReason = End.None;
  let endMs = NEVER;
  if (draw.approved < 2000) {
    if (draw.voluntary) {
      const from = capped === 0 ? signUpMs : billingAt(seedHash, site, index, day, capped);
      const to = billingAt(seedHash, site, index, day, capped + 1);
      endReason = End.Voluntary;
      endMs = Math.round((from + (to - from) * draw.cancelFraction) / 1000) * 1000;
    } else {
      endReason = End.Involuntary;
      endMs = billingAt(seedHash, site, index, day, capped + 1);
    }
  }
  let upgradeMs = NEVER;
  if (draw.upgradeAfter < capped) {
    const from = draw.upgradeAfter === 0 ? signUpMs : billingAt(seedHash, site, index, day, draw.upgradeAfter);
    const to = billingAt(seedHash, site, index, day, draw.upgradeAfter + 1);
    // Upgrades happen at the counter, in business hours: the local noon of the drawn day.
    const upgradeDay = localOrdinal(site.timezone, from + (to - from) * draw.upgradeFraction);
    upgradeMs = localMidnightOf(site.timezone, upgradeDay) + 12 * HOUR_MS + (hashInts(seedHash, site.siteId, index, UPGRADE_STREAM) % 3600) * 1000;
    if (upgradeMs <= from || upgradeMs >= to) upgradeMs = NEVER;
  }
  return { endReason, endMs, upgradeMs };
}
