import type {
  CatalogItemRecord,
  ClockShift,
  GiftCardRecord,
  MembershipProfile,
  SalesOutcomeRecord,
  StatusChangeRecord,
  StoredCustomer,
  StoredMembership,
  WashbookRecord,
} from '@washops/store';
import { maskPhone } from './masking.js';
import type {
  CustomerSummary,
  GiftCardView,
  ItemView,
  MembershipProfileView,
  MembershipView,
  SalesOutcomeView,
  ShiftView,
  StatusChangeView,
  WashbookView,
} from './types.js';

// The warehouse's records as the answers show them; live answers are first mapped to the same records, so both
// sources render alike.

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export function customerSummary(c: Pick<StoredCustomer, 'customerId' | 'number' | 'firstName' | 'lastName' | 'phone' | 'isActive' | 'createdAt' | 'modifiedAt'>, show: boolean): CustomerSummary {
  return {
    customerId: c.customerId,
    number: c.number,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: show ? c.phone : maskPhone(c.phone),
    isActive: c.isActive,
    createdAt: iso(c.createdAt),
    modifiedAt: iso(c.modifiedAt),
  };
}

export function membershipView(m: StoredMembership): MembershipView {
  return {
    id: m.id,
    customerId: m.customerId,
    name: m.name,
    planName: m.planName,
    statusName: m.statusName,
    signUpAt: iso(m.signUpAt),
    cancelAt: iso(m.cancelAt),
    billingSiteCode: m.billingSiteCode,
    creationSiteCode: m.creationSiteCode,
    billingAmountCents: m.billingAmountCents,
    isOnTrial: m.isOnTrial,
    isSuspended: m.isSuspended,
    nextBillAt: iso(m.nextBillAt),
    lastBillAt: iso(m.lastBillAt),
  };
}

export function membershipProfileView(m: MembershipProfile): MembershipProfileView {
  return {
    ...membershipView(m),
    statuses: m.statuses.map((s) => ({ status: s.status, at: s.at.toISOString() })),
    // The card's expiry stays out: the last four digits tell a customer which card was charged.
    billings: m.billings.map((b) => ({ amountCents: b.amountCents, at: b.at.toISOString(), cardLastFour: b.cardLastFour })),
    tags: m.tags.map((t) => ({ number: t.number, enabled: t.enabled })),
    vehicles: m.vehicles.map((v) => ({ plate: v.plate })),
    statusChanges: m.statusChanges.map((c) => ({ oldStatus: c.oldStatus, newStatus: c.newStatus, at: c.at.toISOString(), employeeName: c.employeeName, siteCode: c.siteCode })),
    modifications: m.modifications.map((x) => ({ type: x.type, at: x.at.toISOString(), comment: x.comment })),
  };
}

export function washbookView(w: WashbookRecord): WashbookView {
  return {
    id: w.id,
    customerId: w.customerId,
    name: w.name,
    balance: w.balance,
    unlimited: w.unlimited,
    status: w.status,
    signUpAt: w.signUpAt.toISOString(),
    cancelAt: iso(w.cancelAt),
    billingSiteId: w.billingSiteId,
  };
}

export function statusChangeView(s: StatusChangeRecord): StatusChangeView {
  return { ...s, at: s.at.toISOString() };
}

export function giftCardView(g: GiftCardRecord): GiftCardView {
  return { ...g, soldAt: iso(g.soldAt), outstandingCents: g.valueCents - g.usedCents };
}

export function itemView(i: CatalogItemRecord): ItemView {
  return {
    sku: i.sku,
    name: i.name,
    departmentName: i.departmentName,
    siteLocation: i.siteLocation === '' ? null : i.siteLocation,
    priceCents: i.priceCents,
    costCents: i.costCents,
    isPromptForPrice: i.isPromptForPrice,
  };
}

export function shiftView(s: ClockShift): ShiftView {
  return {
    employeeId: s.employeeId,
    employeeName: s.employeeName,
    siteCode: s.siteCode,
    clockIn: iso(s.clockIn),
    clockOut: iso(s.clockOut),
    open: s.open,
    regularHours: s.regularHours,
    overtimeHours: s.overtimeHours,
    regularRateCents: s.regularRateCents,
    overtimeRateCents: s.overtimeRateCents,
    wasModified: s.wasModified,
  };
}

export function salesOutcomeView(s: SalesOutcomeRecord): SalesOutcomeView {
  return {
    at: s.at.toISOString(),
    employeeId: s.employeeId,
    employeeName: s.employeeName,
    siteId: s.siteId,
    site: s.site,
    isConverted: s.isConverted,
    itemName: s.itemName,
    itemPriceCents: s.itemPriceCents,
    terminalName: s.terminalName,
  };
}
