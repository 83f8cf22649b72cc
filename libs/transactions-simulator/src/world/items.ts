/**
 * The item catalogue per site: every item of `chain.ts` a ticket can carry, plus the discounts as the
 * `Promotion/Coupon` department, with departments spelled as the item list's response spells them.
 */
import {
  ADD_ONS, COUPONS, GIFT_CARDS, HOUSE_ACCOUNT_PAYMENT, MERCHANDISE, PLANS, PREPAID, VACUUM, WASHBOOKS, WASHES,
  type CatalogItem, type ChainSite, type Department,
} from '../chain.js';
import type { ItemRecord } from './types.js';

/** The response's department names (`ItemObject.departmentName`), where they differ from the tickets'. */
const RESPONSE_DEPARTMENT: Partial<Record<Department, string>> = { Vacuum: 'Vacuum Sales', 'House Account': 'Service' };
/** Merchandise is bought in: its cost is this share of the price. */
const MERCHANDISE_COST_SHARE = 0.4;
/** Ticket-only discounts (not coupons a customer brings): the included first wash and the rewash. */
const TICKET_DISCOUNTS = [
  { sku: '950150', name: 'Club Wash Included' },
  { sku: '950199', name: 'Rewash' },
];

const catalogues = new Map<number, ItemRecord[]>();

export function catalogueOf(site: ChainSite): ItemRecord[] {
  let items = catalogues.get(site.siteId);
  if (!items) {
    const sold: CatalogItem[] = site.virtual
      ? [...GIFT_CARDS, ...PREPAID]
      : [...WASHES, ...PLANS, ...PREPAID, ...WASHBOOKS, ...GIFT_CARDS, ...ADD_ONS, ...MERCHANDISE, VACUUM, HOUSE_ACCOUNT_PAYMENT];
    items = sold.map((item) => ({
      sku: item.sku,
      name: item.name,
      department: RESPONSE_DEPARTMENT[item.department] ?? item.department,
      priceCents: item.price,
      costCents: item.department === 'Merchandise' ? Math.round(item.price * MERCHANDISE_COST_SHARE) : null,
      // The house-account payment is keyed in at the counter (its price is the payment).
      promptForPrice: item === HOUSE_ACCOUNT_PAYMENT,
    }));
    if (!site.virtual) {
      for (const d of [...COUPONS, ...TICKET_DISCOUNTS]) items.push({ sku: d.sku, name: d.name, department: 'Promotion/Coupon', priceCents: 0, costCents: null, promptForPrice: false });
    }
    catalogues.set(site.siteId, items);
  }
  return items;
}
