/**
 * Builds one transaction, deterministically, from its site, kind, time and a 32-bit plan seed. The day generator
 * calls it to learn each transaction's total and type lists; the detail, v2 and job endpoints call it again to get
 * the full record, so every endpoint agrees by construction. Amounts are integer cents until serialised.
 * Each kind's lines and tender live in `builder/kinds.ts`; tenders in `builder/tenders.ts`; people in `builder/people.ts`.
 */
import { DEPARTMENT_TYPE, TYPE_BIT, type CatalogItem, type ChainSite } from './chain.js';
import { Prng } from '@washops/sim-kit';
import { emptyPlan, KIND_BUILDERS, type KindPlan } from './builder/kinds.js';
import { customerName, FLEET_BASE, localHour, plate } from './builder/people.js';
import { sellerNamesAt } from './world/staff.js';
import { buildTenders } from './builder/tenders.js';
import type { BuiltLine, BuiltTransaction, Kind, TransactionLink } from './builder/types.js';

export { KINDS, KIND_CODE } from './builder/types.js';
export type { BuiltDiscount, BuiltLine, BuiltTender, BuiltTransaction, Kind, TransactionLink, TransactionStatus } from './builder/types.js';
export { customerId, customerName, localHour, plate, staff } from './builder/people.js';

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
  /** What the world fixed on this ticket (its account, card or book); see `TransactionLink`. */
  link?: TransactionLink | undefined;
}

export function buildTransaction({ seed, site, kind, planSeed, at, hour, summaryOnly, link }: BuildInput): BuiltTransaction {
  const p = new Prng(planSeed);
  const plan = emptyPlan();
  KIND_BUILDERS[kind](plan, p, site, Math.max(site.members, 1), seed, kind, link);
  const lines = priceLines(site, plan);
  const owed = plan.status === 'Voided' ? 0 : lines.reduce((sum, l) => sum + l.net + l.tax, 0);
  const tenders = buildTenders(p, plan.tenderKind, owed, at, plan.status, summaryOnly === true, link);
  const built: BuiltTransaction = {
    kind,
    type: plan.type,
    status: plan.status,
    salesDeviceName: '',
    total: tenders.reduce((sum, t) => sum + t.total, 0),
    lines,
    discounts: plan.discounts,
    tenders,
    customer: plan.customer,
    customerName: null,
    vehicleLicensePlate: null,
    employeeCashier: null,
    employeeGreeter: null,
    ...plan.flags,
    typeMask: typeMaskOf(kind, plan),
  };
  return summaryOnly ? built : Object.assign(built, whoAndWhere(seed, site, kind, p, at, hour, plan.customer));
}

function taxable(site: ChainSite, item: CatalogItem): boolean {
  if (item.department === 'Merchandise') return true;
  if (item.department === 'Wash' || item.department === 'Add On' || item.department === 'Vacuum') return site.taxWashes;
  return false;
}

/** Money per line: gross, discount, net and tax in cents, negated on a return. */
function priceLines(site: ChainSite, plan: KindPlan): BuiltLine[] {
  const sign = plan.type === 'Return' ? -1 : 1;
  return plan.lines.map((l) => {
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
      isVoided: plan.status === 'Voided',
    };
  });
}

/** The item_type lists a transaction appears in, as a bit set. */
function typeMaskOf(kind: Kind, plan: KindPlan): number {
  let typeMask = 0;
  for (const l of plan.lines) {
    const t = DEPARTMENT_TYPE[l.item.department];
    if (t) typeMask |= TYPE_BIT[t];
  }
  if (plan.houseAccount || kind === 'housePayment') typeMask |= TYPE_BIT['house-account'];
  return typeMask;
}

type People = Pick<BuiltTransaction, 'salesDeviceName' | 'customerName' | 'vehicleLicensePlate' | 'employeeCashier' | 'employeeGreeter'>;

/** Who and where: device, cashier and greeter among the sellers on duty, the customer's name and plate. Drawn last. */
function whoAndWhere(seed: string, site: ChainSite, kind: Kind, p: Prng, at: number, hour: number | undefined, customer: number): People {
  const shift = sellerNamesAt(seed, site, at, hour ?? localHour(site.timezone, at));
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
    salesDeviceName: device,
    customerName: customer >= 0 ? customerName(seed, site, customer) : null,
    vehicleLicensePlate: hasPlate ? plate(seed, site, customer) : null,
    employeeCashier: cashier,
    employeeGreeter: greeter,
  };
}
