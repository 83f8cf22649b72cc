/**
 * One builder per transaction kind: each decides the lines, discounts, customer, tender kind and flags, drawing from
 * the plan's PRNG in a fixed order (the order is part of the seed's output: change it and every ticket changes).
 */
import {
  ADD_ONS,
  COUPONS,
  FLEET_COMPANIES,
  GIFT_CARDS,
  HOUSE_ACCOUNT_PAYMENT,
  MERCHANDISE,
  PLANS,
  PREPAID,
  VACUUM,
  WASHBOOKS,
  WASHES,
  type CatalogItem,
  type ChainSite,
} from '../chain.js';
import type { Prng } from '@washops/sim-kit';
import { FLEET_BASE, memberTier } from './people.js';
import type { BuiltDiscount, BuiltTransaction, Kind, LinePlan, TenderKind, TransactionLink, TransactionStatus } from './types.js';

export type KindFlags = Pick<
  BuiltTransaction,
  | 'isRecurringPayment'
  | 'isRecurringRedemption'
  | 'isRecurringSale'
  | 'isPrepaidRedemption'
  | 'isPrepaidSale'
  | 'isRecurringPlanSale'
  | 'isRecurringPlanRedemption'
>;

/** What a kind decides before any money is counted. */
export interface KindPlan {
  lines: LinePlan[];
  discounts: BuiltDiscount[];
  type: BuiltTransaction['type'];
  status: TransactionStatus;
  /** Index into the site's customer pool, or -1. */
  customer: number;
  tenderKind: TenderKind;
  houseAccount: boolean;
  flags: KindFlags;
}

/**
 * Decides a plan, drawing from `p`; `members` is the site's member pool, at least 1. Positional: called per transaction.
 * `link` is what the world fixed (the account, card or book); without one (a ticket built alone) the kind draws it.
 */
type KindBuilder = (plan: KindPlan, p: Prng, site: ChainSite, members: number, seed: string, kind: Kind, link: TransactionLink | undefined) => void;

export function emptyPlan(): KindPlan {
  return {
    lines: [],
    discounts: [],
    type: 'Sale',
    status: 'Completed',
    customer: -1,
    tenderKind: 'cash',
    houseAccount: false,
    flags: {
      isRecurringPayment: false,
      isRecurringRedemption: false,
      isRecurringSale: false,
      isPrepaidRedemption: false,
      isPrepaidSale: false,
      isRecurringPlanSale: false,
      isRecurringPlanRedemption: false,
    },
  };
}

/** A walk-in wash, also the base of voids and returns; only a plain sale may carry a coupon. */
const walkIn: KindBuilder = (plan, p, _site, members, _seed, kind) => {
  const wash = WASHES[retailTier(p)] as CatalogItem;
  plan.lines.push(line(wash));
  addOns(p, plan.lines, 0.12);
  if (p.chance(0.05)) plan.lines.push(line(p.pick(MERCHANDISE)));
  if (kind === 'retail' && p.chance(0.09)) {
    const coupon = p.pick(COUPONS);
    const first = plan.lines[0] as LinePlan;
    const amount = Math.min(first.unit, coupon.amount ?? Math.round(first.unit * (coupon.percent ?? 0)));
    first.discount = amount;
    plan.discounts.push({ discountName: coupon.name, discountSku: coupon.sku, appliedToItemName: wash.name, amount, discountCode: coupon.code });
  }
  if (p.chance(0.18)) plan.customer = p.int(0, members * 2 - 1); // loyalty customers beyond the member pool
  plan.tenderKind = payWith(p);
  // Free-wash coupons from mailers and charity books are a tender, not a discount.
  if (kind === 'retail' && plan.discounts.length === 0 && plan.lines.length === 1 && p.chance(0.02)) plan.tenderKind = 'coupon';
  if (kind === 'void') plan.status = 'Voided';
  if (kind === 'return') plan.type = 'Return';
};

const rewash: KindBuilder = (plan, p) => {
  const wash = WASHES[retailTier(p)] as CatalogItem;
  const l = line(wash);
  l.discount = l.unit;
  plan.lines.push(l);
  plan.discounts.push({ discountName: 'Rewash', discountSku: '950199', appliedToItemName: wash.name, amount: l.unit, discountCode: 'REWASH' });
  plan.type = 'Rewash';
  plan.tenderKind = 'none';
};

const memberRedeem: KindBuilder = (plan, p, site, members, seed, _kind, link) => {
  plan.customer = link?.customer ?? p.int(0, members - 1);
  plan.lines.push(line(WASHES[link?.tier ?? memberTier(seed, site, plan.customer)] as CatalogItem));
  if (p.chance(0.06)) plan.lines.push(line(p.pick(ADD_ONS)));
  plan.tenderKind = p.chance(0.3) ? 'memberLpr' : 'memberRfid';
  plan.flags.isRecurringRedemption = true;
  plan.flags.isRecurringPlanRedemption = true;
};

const memberBilling: KindBuilder = (plan, p, site, members, seed, _kind, link) => {
  plan.customer = link?.customer ?? p.int(0, members - 1);
  plan.lines.push(line(PLANS[link?.tier ?? memberTier(seed, site, plan.customer)] as CatalogItem));
  plan.tenderKind = 'cardOnFile';
  plan.flags.isRecurringPayment = true;
};

const memberSale: KindBuilder = (plan, p, site, members, _seed, _kind, link) => {
  plan.customer = link?.customer ?? (site.virtual ? p.int(0, 20_000) : p.int(0, members - 1));
  const tier = link?.tier ?? p.weighted([0, 1, 2, 3], [40, 30, 20, 10]);
  plan.lines.push(line(PLANS[tier] as CatalogItem));
  if (!site.virtual) {
    // The first wash comes with the plan: it is on the ticket, discounted to zero.
    const wash = line(WASHES[tier] as CatalogItem);
    wash.discount = wash.unit;
    plan.lines.push(wash);
    plan.discounts.push({ discountName: 'Club Wash Included', discountSku: '950150', appliedToItemName: wash.item.name, amount: wash.unit, discountCode: '' });
  }
  plan.tenderKind = site.virtual ? 'credit' : p.weighted<TenderKind>(['credit', 'debit'], [85, 15]);
  plan.flags.isRecurringSale = true;
  plan.flags.isRecurringPlanSale = true;
};

const memberUpgrade: KindBuilder = (plan, p, site, members, _seed, _kind, link) => {
  plan.customer = link?.customer ?? (site.virtual ? p.int(0, 20_000) : p.int(0, members - 1));
  const tier = link?.tier ?? p.int(1, 3);
  const upgraded = PLANS[tier] as CatalogItem;
  const previous = PLANS[tier - 1] as CatalogItem;
  const l = line(upgraded);
  l.unit = upgraded.price - previous.price; // the difference, charged on the switch
  plan.lines.push(l);
  plan.tenderKind = 'credit';
  plan.flags.isRecurringPlanSale = true; // v2 flags upgrades as plan sales; the detail's isRecurringSale stays false
};

const prepaidSale: KindBuilder = (plan, p, site) => {
  plan.lines.push(line(PREPAID[retailTier(p)] as CatalogItem, p.weighted([1, 2, 5], [70, 20, 10])));
  plan.tenderKind = site.virtual ? 'credit' : payWith(p);
  plan.flags.isPrepaidSale = true;
};

const prepaidRedeem: KindBuilder = (plan, p) => {
  plan.lines.push(line(WASHES[retailTier(p)] as CatalogItem));
  plan.tenderKind = 'prepaidWash';
  plan.flags.isPrepaidRedemption = true;
};

const washbookSale: KindBuilder = (plan, p, site, members, _seed, _kind, link) => {
  plan.customer = link?.customer ?? (site.virtual ? p.int(0, 20_000) : p.int(0, members * 2 - 1));
  plan.lines.push(line(WASHBOOKS[link?.tier ?? retailTier(p)] as CatalogItem));
  plan.tenderKind = site.virtual ? 'credit' : payWith(p);
  plan.flags.isPrepaidSale = true;
};

const washbookRedeem: KindBuilder = (plan, p, _site, members, _seed, _kind, link) => {
  plan.customer = link?.customer ?? p.int(0, members * 2 - 1);
  plan.lines.push(line(WASHES[link?.tier ?? retailTier(p)] as CatalogItem));
  plan.tenderKind = 'washbook';
  plan.flags.isPrepaidRedemption = true;
};

const giftSale: KindBuilder = (plan, p, site, _members, _seed, _kind, link) => {
  plan.lines.push(line(link?.tier !== undefined ? (GIFT_CARDS[link.tier] as CatalogItem) : p.weighted(GIFT_CARDS, [45, 40, 15])));
  plan.tenderKind = site.virtual ? 'credit' : payWith(p);
  plan.flags.isPrepaidSale = true;
};

const giftRedeem: KindBuilder = (plan, p) => {
  plan.lines.push(line(WASHES[retailTier(p)] as CatalogItem));
  addOns(p, plan.lines, 0.15);
  plan.tenderKind = 'giftcard';
  plan.flags.isPrepaidRedemption = true;
};

const houseCharge: KindBuilder = (plan, p) => {
  plan.customer = FLEET_BASE + p.int(0, FLEET_COMPANIES.length - 1);
  plan.lines.push(line(WASHES[p.weighted([0, 1, 2], [50, 35, 15])] as CatalogItem));
  addOns(p, plan.lines, 0.05);
  plan.tenderKind = p.chance(0.6) ? 'houseRfid' : 'houseCard';
  plan.houseAccount = true;
};

const housePayment: KindBuilder = (plan, p) => {
  plan.customer = FLEET_BASE + p.int(0, FLEET_COMPANIES.length - 1);
  const l = line(HOUSE_ACCOUNT_PAYMENT);
  l.unit = p.int(15, 90) * 1000;
  plan.lines.push(l);
  plan.tenderKind = p.chance(0.5) ? 'check' : 'credit';
};

const merch: KindBuilder = (plan, p) => {
  const n = p.weighted([1, 2, 3], [70, 22, 8]);
  for (let i = 0; i < n; i++) plan.lines.push(line(p.pick(MERCHANDISE), p.weighted([1, 2], [85, 15])));
  plan.tenderKind = payWith(p);
};

const vacuum: KindBuilder = (plan, p) => {
  plan.lines.push(line(VACUUM, p.weighted([1, 2, 3], [60, 30, 10])));
  plan.tenderKind = p.weighted<TenderKind>(['cash', 'credit'], [55, 45]);
};

export const KIND_BUILDERS: Record<Kind, KindBuilder> = {
  retail: walkIn,
  void: walkIn,
  return: walkIn,
  rewash,
  memberRedeem,
  memberBilling,
  memberSale,
  memberUpgrade,
  prepaidSale,
  prepaidRedeem,
  washbookSale,
  washbookRedeem,
  giftSale,
  giftRedeem,
  houseCharge,
  housePayment,
  merch,
  vacuum,
};

const TIERS = [0, 1, 2, 3];
const RETAIL_TIER_WEIGHTS = [38, 30, 22, 10];
function retailTier(p: Prng): number {
  return p.weighted(TIERS, RETAIL_TIER_WEIGHTS);
}

function addOns(p: Prng, lines: LinePlan[], chance: number): void {
  for (const addOn of ADD_ONS) if (p.chance(chance)) lines.push(line(addOn));
}

const WALK_IN_TENDERS: TenderKind[] = ['credit', 'debit', 'cash', 'fleet', 'thirdParty'];
const WALK_IN_TENDER_WEIGHTS = [60, 13, 23, 2, 2];
function payWith(p: Prng): TenderKind {
  return p.weighted(WALK_IN_TENDERS, WALK_IN_TENDER_WEIGHTS);
}

function line(item: CatalogItem, quantity = 1): LinePlan {
  return { item, quantity, unit: item.price, discount: 0 };
}
