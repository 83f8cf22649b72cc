/**
 * Builds one transaction, deterministically, from its site, kind, time and a 32-bit plan seed. The day generator
 * calls it to learn each transaction's total and type lists; the detail, v2 and job endpoints call it again to get
 * the full record, so every endpoint agrees by construction. Amounts are integer cents until serialised.
 */
import {
  ADD_ONS,
  COUPONS,
  DEPARTMENT_TYPE,
  FIRST_NAMES,
  FLEET_COMPANIES,
  GIFT_CARDS,
  HOUSE_ACCOUNT_PAYMENT,
  LAST_NAMES,
  MERCHANDISE,
  PLANS,
  PREPAID,
  TYPE_BIT,
  VACUUM,
  WASHBOOKS,
  WASHES,
  type CatalogItem,
  type ChainSite,
} from './chain.js';
import { Prng, hashString } from './prng.js';

export const KINDS = [
  'retail',
  'memberRedeem',
  'memberBilling',
  'memberSale',
  'memberUpgrade',
  'prepaidSale',
  'prepaidRedeem',
  'washbookSale',
  'washbookRedeem',
  'giftSale',
  'giftRedeem',
  'houseCharge',
  'housePayment',
  'merch',
  'vacuum',
  'return',
  'void',
  'rewash',
] as const;
export type Kind = (typeof KINDS)[number];
export const KIND_CODE = new Map<Kind, number>(KINDS.map((k, i) => [k, i]));

export type TransactionStatus = 'Completed' | 'Voided';

export interface BuiltLine {
  name: string;
  sku: string;
  department: string;
  quantity: number;
  gross: number;
  discount: number;
  net: number;
  tax: number;
  additionalFee: number;
  isVoided: boolean;
}

export interface BuiltDiscount {
  discountName: string;
  discountSku: string;
  appliedToItemName: string;
  amount: number;
  discountCode: string;
}

export interface BuiltTender {
  tender: string;
  tenderSubType: string | null;
  amount: number;
  change: number;
  total: number;
  referenceNumber: string | null;
  creditCardLastFour: string | null;
  creditCardExpirationDate: string | null;
}

export interface BuiltTransaction {
  kind: Kind;
  type: 'Sale' | 'Return' | 'Rewash';
  status: TransactionStatus;
  salesDeviceName: string;
  total: number;
  lines: BuiltLine[];
  discounts: BuiltDiscount[];
  tenders: BuiltTender[];
  /** Index into the site's customer pool, or -1. */
  customer: number;
  customerName: string | null;
  vehicleLicensePlate: string | null;
  employeeCashier: string | null;
  employeeGreeter: string | null;
  isRecurringPayment: boolean;
  isRecurringRedemption: boolean;
  isRecurringSale: boolean;
  isPrepaidRedemption: boolean;
  isPrepaidSale: boolean;
  /** v2 only: true for plan sales and upgrades (contract §2.3). */
  isRecurringPlanSale: boolean;
  isRecurringPlanRedemption: boolean;
  /** Bit set of the item_type lists this transaction appears in. */
  typeMask: number;
}

/** Customer numbers start here; a customer id is `<number>:<siteId>`. Fleet accounts follow the members. */
const CUSTOMER_BASE = 5000;
const FLEET_BASE = 90_000;

export function customerId(site: ChainSite, customer: number): string | null {
  return customer < 0 ? null : `${CUSTOMER_BASE + customer}:${site.siteId}`;
}

/** The wash tier a member holds, stable per customer. */
function memberTier(seed: string, site: ChainSite, customer: number): number {
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

interface LinePlan {
  item: CatalogItem;
  quantity: number;
  unit: number;
  discount: number;
}

function taxable(site: ChainSite, item: CatalogItem): boolean {
  if (item.department === 'Merchandise') return true;
  if (item.department === 'Wash' || item.department === 'Add On' || item.department === 'Vacuum') return site.taxWashes;
  return false;
}

export interface BuildInput {
  seed: string;
  site: ChainSite;
  kind: Kind;
  planSeed: number;
  /** Completion time, ms since epoch (whole seconds). */
  at: number;
  /** The site's local hour at `at`, when the caller already knows it (saves a time-zone lookup). */
  hour?: number;
  /**
   * Only what lists need (total, type lists, customer, flags): skips staff, device, names and plates. Those are drawn
   * last, so skipping them changes nothing else; the full build of the same input agrees on every shared field.
   */
  summaryOnly?: boolean;
}

export function buildTransaction({ seed, site, kind, planSeed, at, hour, summaryOnly }: BuildInput): BuiltTransaction {
  const p = new Prng(planSeed);
  const lines: LinePlan[] = [];
  const discounts: BuiltDiscount[] = [];
  let type: BuiltTransaction['type'] = 'Sale';
  let status: TransactionStatus = 'Completed';
  let customer = -1;
  let tenderKind: TenderKind = 'cash';
  let houseAccount = false;
  const flags = {
    isRecurringPayment: false,
    isRecurringRedemption: false,
    isRecurringSale: false,
    isPrepaidRedemption: false,
    isPrepaidSale: false,
    isRecurringPlanSale: false,
    isRecurringPlanRedemption: false,
  };
  const members = Math.max(site.members, 1);

  switch (kind) {
    case 'retail':
    case 'void':
    case 'return': {
      const wash = WASHES[retailTier(p)] as CatalogItem;
      lines.push(line(wash));
      addOns(p, lines, 0.12);
      if (p.chance(0.05)) lines.push(line(p.pick(MERCHANDISE)));
      if (kind === 'retail' && p.chance(0.09)) {
        const coupon = p.pick(COUPONS);
        const first = lines[0] as LinePlan;
        const amount = Math.min(first.unit, coupon.amount ?? Math.round(first.unit * (coupon.percent ?? 0)));
        first.discount = amount;
        discounts.push({
          discountName: coupon.name,
          discountSku: coupon.sku,
          appliedToItemName: wash.name,
          amount,
          discountCode: coupon.code,
        });
      }
      if (p.chance(0.18)) customer = p.int(0, members * 2 - 1); // loyalty customers beyond the member pool
      tenderKind = payWith(p);
      // Free-wash coupons from mailers and charity books are a tender, not a discount.
      if (kind === 'retail' && discounts.length === 0 && lines.length === 1 && p.chance(0.02)) tenderKind = 'coupon';
      if (kind === 'void') status = 'Voided';
      if (kind === 'return') type = 'Return';
      break;
    }
    case 'rewash': {
      const wash = WASHES[retailTier(p)] as CatalogItem;
      const l = line(wash);
      l.discount = l.unit;
      lines.push(l);
      discounts.push({
        discountName: 'Rewash',
        discountSku: '950199',
        appliedToItemName: wash.name,
        amount: l.unit,
        discountCode: 'REWASH',
      });
      type = 'Rewash';
      tenderKind = 'none';
      break;
    }
    case 'memberRedeem': {
      customer = p.int(0, members - 1);
      lines.push(line(WASHES[memberTier(seed, site, customer)] as CatalogItem));
      if (p.chance(0.06)) lines.push(line(p.pick(ADD_ONS)));
      tenderKind = p.chance(0.3) ? 'memberLpr' : 'memberRfid';
      flags.isRecurringRedemption = true;
      flags.isRecurringPlanRedemption = true;
      break;
    }
    case 'memberBilling': {
      customer = p.int(0, members - 1);
      lines.push(line(PLANS[memberTier(seed, site, customer)] as CatalogItem));
      tenderKind = 'cardOnFile';
      flags.isRecurringPayment = true;
      break;
    }
    case 'memberSale': {
      customer = site.virtual ? p.int(0, 20_000) : p.int(0, members - 1);
      const tier = p.weighted([0, 1, 2, 3], [40, 30, 20, 10]);
      lines.push(line(PLANS[tier] as CatalogItem));
      if (!site.virtual) {
        // The first wash comes with the plan: it is on the ticket, discounted to zero.
        const wash = line(WASHES[tier] as CatalogItem);
        wash.discount = wash.unit;
        lines.push(wash);
        discounts.push({
          discountName: 'Club Wash Included',
          discountSku: '950150',
          appliedToItemName: wash.item.name,
          amount: wash.unit,
          discountCode: '',
        });
      }
      tenderKind = site.virtual ? 'credit' : p.weighted<TenderKind>(['credit', 'debit'], [85, 15]);
      flags.isRecurringSale = true;
      flags.isRecurringPlanSale = true;
      break;
    }
    case 'memberUpgrade': {
      customer = site.virtual ? p.int(0, 20_000) : p.int(0, members - 1);
      const tier = p.int(1, 3);
      const plan = PLANS[tier] as CatalogItem;
      const previous = PLANS[tier - 1] as CatalogItem;
      const l = line(plan);
      l.unit = plan.price - previous.price; // the difference, charged on the switch
      lines.push(l);
      tenderKind = 'credit';
      flags.isRecurringPlanSale = true; // v2 flags upgrades as plan sales; the detail's isRecurringSale stays false
      break;
    }
    case 'prepaidSale': {
      lines.push(line(PREPAID[retailTier(p)] as CatalogItem, p.weighted([1, 2, 5], [70, 20, 10])));
      tenderKind = site.virtual ? 'credit' : payWith(p);
      flags.isPrepaidSale = true;
      break;
    }
    case 'prepaidRedeem': {
      lines.push(line(WASHES[retailTier(p)] as CatalogItem));
      tenderKind = 'prepaidWash';
      flags.isPrepaidRedemption = true;
      break;
    }
    case 'washbookSale': {
      customer = site.virtual ? p.int(0, 20_000) : p.int(0, members * 2 - 1);
      lines.push(line(WASHBOOKS[retailTier(p)] as CatalogItem));
      tenderKind = site.virtual ? 'credit' : payWith(p);
      flags.isPrepaidSale = true;
      break;
    }
    case 'washbookRedeem': {
      customer = p.int(0, members * 2 - 1);
      lines.push(line(WASHES[retailTier(p)] as CatalogItem));
      tenderKind = 'washbook';
      flags.isPrepaidRedemption = true;
      break;
    }
    case 'giftSale': {
      lines.push(line(p.weighted(GIFT_CARDS, [45, 40, 15])));
      tenderKind = site.virtual ? 'credit' : payWith(p);
      flags.isPrepaidSale = true;
      break;
    }
    case 'giftRedeem': {
      lines.push(line(WASHES[retailTier(p)] as CatalogItem));
      addOns(p, lines, 0.15);
      tenderKind = 'giftcard';
      flags.isPrepaidRedemption = true;
      break;
    }
    case 'houseCharge': {
      customer = FLEET_BASE + p.int(0, FLEET_COMPANIES.length - 1);
      lines.push(line(WASHES[p.weighted([0, 1, 2], [50, 35, 15])] as CatalogItem));
      addOns(p, lines, 0.05);
      tenderKind = p.chance(0.6) ? 'houseRfid' : 'houseCard';
      houseAccount = true;
      break;
    }
    case 'housePayment': {
      customer = FLEET_BASE + p.int(0, FLEET_COMPANIES.length - 1);
      const l = line(HOUSE_ACCOUNT_PAYMENT);
      l.unit = p.int(15, 90) * 1000;
      lines.push(l);
      tenderKind = p.chance(0.5) ? 'check' : 'credit';
      break;
    }
    case 'merch': {
      const n = p.weighted([1, 2, 3], [70, 22, 8]);
      for (let i = 0; i < n; i++) lines.push(line(p.pick(MERCHANDISE), p.weighted([1, 2], [85, 15])));
      tenderKind = payWith(p);
      break;
    }
    case 'vacuum': {
      lines.push(line(VACUUM, p.weighted([1, 2, 3], [60, 30, 10])));
      tenderKind = p.weighted<TenderKind>(['cash', 'credit'], [55, 45]);
      break;
    }
  }

  // Money per line, then the ticket.
  const sign = type === 'Return' ? -1 : 1;
  const builtLines: BuiltLine[] = lines.map((l) => {
    const gross = sign * l.unit * l.quantity;
    const discount = sign * l.discount;
    const net = gross - discount;
    const tax = taxable(site, l.item) ? Math.round(net * site.taxRate) : 0;
    return {
      name: l.item.name,
      sku: l.item.sku,
      department: l.item.department,
      quantity: l.quantity,
      gross,
      discount,
      net,
      tax,
      additionalFee: 0,
      isVoided: status === 'Voided',
    };
  });
  const owed = status === 'Voided' ? 0 : builtLines.reduce((sum, l) => sum + l.net + l.tax, 0);
  const tenders = buildTenders(p, tenderKind, owed, at, status, summaryOnly === true);
  const total = tenders.reduce((sum, t) => sum + t.total, 0);

  let typeMask = 0;
  for (const l of lines) {
    const t = DEPARTMENT_TYPE[l.item.department];
    if (t) typeMask |= TYPE_BIT[t];
  }
  if (houseAccount || kind === 'housePayment') typeMask |= TYPE_BIT['house-account'];

  if (summaryOnly) {
    return {
      kind,
      type,
      status,
      salesDeviceName: '',
      total,
      lines: builtLines,
      discounts,
      tenders,
      customer,
      customerName: null,
      vehicleLicensePlate: null,
      employeeCashier: null,
      employeeGreeter: null,
      ...flags,
      typeMask,
    };
  }

  // Who and where.
  const roster = staff(seed, site);
  const shift = (hour ?? localHour(site.timezone, at)) < 14 ? roster.slice(0, 5) : roster.slice(5);
  let device: string;
  let cashier: string | null = null;
  let greeter: string | null = null;
  if (site.virtual) device = 'E-Comm 1';
  else if (kind === 'memberBilling') device = 'Recurring Billing';
  else if (kind === 'memberRedeem' || kind === 'prepaidRedeem' || p.chance(0.55)) {
    device = p.pick(site.payStations);
    if (kind !== 'vacuum' && p.chance(0.35)) greeter = p.pick(shift);
  } else {
    device = p.pick(site.attendedDevices);
    cashier = p.pick(shift);
    if (p.chance(0.5)) greeter = p.pick(shift);
  }
  const hasPlate = customer >= 0 && customer < FLEET_BASE && (kind === 'memberRedeem' || p.chance(0.5));
  return {
    kind,
    type,
    status,
    salesDeviceName: device,
    total,
    lines: builtLines,
    discounts,
    tenders,
    customer,
    customerName: customer >= 0 ? customerName(seed, site, customer) : null,
    vehicleLicensePlate: hasPlate ? plate(seed, site, customer) : null,
    employeeCashier: cashier,
    employeeGreeter: greeter,
    ...flags,
    typeMask,
  };
}

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

type TenderKind =
  | 'cash'
  | 'credit'
  | 'debit'
  | 'check'
  | 'cardOnFile'
  | 'memberRfid'
  | 'memberLpr'
  | 'prepaidWash'
  | 'washbook'
  | 'giftcard'
  | 'houseRfid'
  | 'houseCard'
  | 'fleet'
  | 'thirdParty'
  | 'coupon'
  | 'none';

const BRANDS = ['Visa', 'MasterCard', 'Discover', 'Amex'] as const;
const BRAND_WEIGHTS = [52, 26, 8, 14];

function cardTender(p: Prng, summaryOnly: boolean, tender: string, subType: string, amount: number, at: number, minYears: number): BuiltTender {
  if (summaryOnly) return simpleTender(tender, subType, amount)[0]!;
  const year = new Date(at).getUTCFullYear() + p.int(minYears, 4);
  const month = String(p.int(1, 12)).padStart(2, '0');
  return {
    tender,
    tenderSubType: subType,
    amount,
    change: 0,
    total: amount,
    referenceNumber: p.digits(11),
    creditCardLastFour: p.digits(4),
    creditCardExpirationDate: `${year}-${month}`,
  };
}

function simpleTender(tender: string, tenderSubType: string | null, owed: number): BuiltTender[] {
  return [
    {
      tender,
      tenderSubType,
      amount: owed,
      change: 0,
      total: owed,
      referenceNumber: null,
      creditCardLastFour: null,
      creditCardExpirationDate: null,
    },
  ];
}

/** With `summaryOnly`, cosmetic digits (card numbers, references) are left out: they are drawn last and change no amount. */
function buildTenders(p: Prng, kind: TenderKind, owed: number, at: number, status: TransactionStatus, summaryOnly: boolean): BuiltTender[] {
  const digits = (n: number): string => (summaryOnly ? '' : p.digits(n));
  const base = {
    referenceNumber: null,
    creditCardLastFour: null,
    creditCardExpirationDate: null,
  };
  if (kind === 'none') return [];
  if (status === 'Voided') return [{ tender: 'Void', tenderSubType: null, amount: 0, change: 0, total: 0, ...base }];
  switch (kind) {
    case 'cash': {
      if (owed <= 0) return simpleTender('Cash', null, owed);
      const step = p.weighted([1, 100, 500, 1000, 2000], [25, 20, 25, 15, 15]);
      const amount = Math.ceil(owed / step) * step;
      // A few customers wave off their change: the API's total then runs above the ticket (contract §2.3).
      const keepsChange = amount > owed && p.chance(0.05);
      const change = keepsChange ? 0 : owed - amount;
      return [{ tender: 'Cash', tenderSubType: null, amount, change, total: amount + change, ...base }];
    }
    case 'check':
      return [{ tender: 'Check', tenderSubType: null, amount: owed, change: 0, total: owed, ...base, referenceNumber: digits(4) }];
    case 'credit':
      return [cardTender(p, summaryOnly, 'Credit', p.weighted(BRANDS, BRAND_WEIGHTS), owed, at, 1)];
    case 'cardOnFile':
      return [cardTender(p, summaryOnly, 'Credit', p.weighted(BRANDS, BRAND_WEIGHTS), owed, at, 0)];
    case 'debit':
      return [cardTender(p, summaryOnly, 'Debit', 'Debit', owed, at, 1)];
    case 'fleet':
      return [cardTender(p, summaryOnly, 'Fleet', 'Voyager', owed, at, 1)];
    case 'thirdParty':
      return [{ ...simpleTender('Prepaid 3rd Party', '3rd Party Interface', owed)[0]!, referenceNumber: digits(12) }];
    case 'coupon':
      return [{ ...simpleTender('Coupon', 'Code', owed)[0]!, referenceNumber: digits(8) }];
    case 'memberRfid':
      return simpleTender('Prepaid', 'RFID Recurring', owed);
    case 'memberLpr':
      return simpleTender('Prepaid', 'LPR', owed);
    case 'prepaidWash':
      return [{ ...simpleTender('Prepaid Wash', 'Code', owed)[0]!, referenceNumber: digits(8) }];
    case 'washbook':
      return simpleTender('Prepaid', 'Washbook', owed);
    case 'giftcard': {
      // A quarter of gift cards run out mid-ticket: the card pays what it holds, a credit card the rest.
      const split = owed > 500 && p.chance(0.25);
      const onCard = split ? p.int(1, Math.floor(owed / 100) - 1) * 100 : owed;
      const gift = { ...simpleTender('Prepaid', 'Giftcard', onCard)[0]!, referenceNumber: summaryOnly ? null : `GC${digits(10)}` };
      if (!split) return [gift];
      return [gift, cardTender(p, summaryOnly, 'Credit', p.weighted(BRANDS, BRAND_WEIGHTS), owed - onCard, at, 1)];
    }
    case 'houseRfid':
      return simpleTender('Paid On Account', 'House Account RFID', owed);
    case 'houseCard':
      return simpleTender('Paid On Account', 'House Account Card', owed);
  }
}
