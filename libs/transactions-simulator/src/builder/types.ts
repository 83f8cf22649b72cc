/** The transaction kinds the day generator draws, and the shapes a built transaction is made of. Amounts are cents. */
import type { CatalogItem } from '../chain.js';

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

/**
 * What the world fixes on a ticket it owns (an account's sign-up, billing, redemption or upgrade; a gift card's sale or
 * redemption; a book's sale or redemption). The plan seed draws everything else.
 */
export interface TransactionLink {
  /** Index into the site's customer pool. */
  customer?: number;
  /** The plan, wash, book or card tier (index into the catalogue list of the kind). */
  tier?: number;
  /** Card on file (member billings): last four digits and `YYYY-MM` expiry. */
  cardLastFour?: string;
  cardExpiry?: string;
  /** Gift-card redemption: the card's number and the balance it holds when presented. */
  giftCardNumber?: string;
  giftBalanceCents?: number;
}

/** A line before money: the item, how many, the unit price and the discount (cents). */
export interface LinePlan {
  item: CatalogItem;
  quantity: number;
  unit: number;
  discount: number;
}

export type TenderKind =
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
