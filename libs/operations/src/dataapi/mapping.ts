import { toCents } from '@washops/client-core';
import type {
  CatalogItemRecord,
  ClockEntryRecord,
  CustomerContact,
  CustomerRecord,
  EmployeeRecord,
  GiftCardRecord,
  MembershipDetail,
  MembershipModification,
  MembershipSummary,
  SalesOutcomeRecord,
  StatusChangeRecord,
  WashbookRecord,
} from '@washops/store';
import type {
  ClockEntry,
  Customer,
  CustomerListItem,
  Employee,
  EmployeeListItem,
  GiftCard,
  Item,
  RecurringAccount,
  RecurringAccountDetail,
  RecurringAccountModifications,
  RecurringStatusChange,
  SalesOutcome,
  WashbookAccount,
} from '@washops/transactions-client';

// The client's models (dollars, ISO strings) as the warehouse keeps them (cents, `Date`s).

const when = (iso: string | null): Date | null => (iso === null ? null : new Date(iso));
const cents = (dollars: number | null): number | null => (dollars === null ? null : toCents(dollars));
/** Only the last four digits of a card survive, whatever the model handed over. */
const lastFour = (card: string | null): string | null => {
  const digits = (card ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
};

export function toCustomerRecord(c: CustomerListItem): CustomerRecord {
  return {
    customerId: c.customerId,
    number: c.customerNumber,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phoneNumber,
    isActive: c.isActive,
    createdAt: when(c.createdDate),
    modifiedAt: when(c.modifiedDate),
  };
}

export function toCustomerContact(c: Customer): CustomerContact {
  return {
    customerId: c.id,
    email: c.email,
    companyName: c.companyName,
    ...c.address,
    birthDate: c.birthDate,
    allowSms: c.allowSms,
    isActive: c.isActive,
  };
}

export function toMembershipSummary(a: RecurringAccount): MembershipSummary {
  return {
    id: a.id,
    customerId: a.customerId,
    name: a.name,
    signUpAt: new Date(a.signUpDate),
    cancelAt: when(a.cancelDate),
    billingSiteId: a.billingSiteId,
    billingSiteCode: a.billingSiteCode,
    status: a.status,
    statusName: a.statusName,
  };
}

export function toMembershipDetail(d: RecurringAccountDetail): MembershipDetail {
  return {
    id: d.id,
    customerId: d.customer.id,
    planName: d.planName,
    statusName: d.currentRecurringStatusName,
    billingSiteCode: d.billingSiteCode,
    creationSiteCode: d.creationSiteCode,
    isOnTrial: d.isOnTrial,
    trialAmountCents: cents(d.trialAmount),
    billingAmountCents: cents(d.billingAmount),
    additionalTagPriceCents: cents(d.additionalTagPrice),
    nextBillAt: when(d.nextBillDate),
    lastBillAt: when(d.lastBillDate),
    isSuspended: d.isSuspended,
    suspendedUntil: when(d.suspendedUntil),
    statuses: d.recurringStatuses.map((s) => ({ status: s.status, at: new Date(s.date) })),
    billings: d.recurringBillings.map((b) => ({
      amountCents: toCents(b.amountCharged),
      at: new Date(b.date),
      cardLastFour: lastFour(b.cardLastFour),
      cardExpiry: b.creditCardExpirationDate,
    })),
    tags: d.tags.map((t) => ({ tagId: t.id, number: t.number, enabled: t.enabled })),
    vehicles: d.vehicles.map((v) => ({ vehicleId: v.id, plate: v.plate })),
  };
}

export function toModifications(a: RecurringAccountModifications): MembershipModification[] {
  return a.modifications.map((m) => ({ membershipId: a.id, type: m.type, at: new Date(m.date), comment: m.comment }));
}

export function toStatusChange(s: RecurringStatusChange): StatusChangeRecord {
  return {
    // The document calls `washbook_account_id` the account's identifier (the account list's `id`) and `recurring_id`
    // an alternative one; the latter stands in only where the former is blank.
    membershipId: s.washbookAccountId === '' ? s.recurringId : s.washbookAccountId,
    washbookAccountId: s.washbookAccountId === '' ? null : s.washbookAccountId,
    oldStatus: s.oldStatus,
    newStatus: s.newStatus,
    at: new Date(s.statusDate),
    employeeName: s.employeeName,
    siteCode: s.siteCode,
  };
}

export function toWashbook(w: WashbookAccount): WashbookRecord {
  return {
    id: w.id,
    customerId: w.customerId,
    name: w.name,
    balance: w.unlimited ? null : w.balance,
    unlimited: w.unlimited,
    signUpAt: new Date(w.signUpDate),
    cancelAt: when(w.cancelDate),
    billingSiteId: w.billingSiteId,
    status: w.status,
  };
}

export function toGiftCard(g: GiftCard): GiftCardRecord {
  return { giftcardId: g.giftcardId, siteCode: g.siteCode, soldAt: when(g.completeDate), number: g.number, valueCents: toCents(g.value), usedCents: toCents(g.amountUsed) };
}

export function toCatalogItem(i: Item): CatalogItemRecord {
  return {
    sku: i.sku,
    siteLocation: i.siteLocation ?? '',
    name: i.name,
    departmentName: i.departmentName,
    priceCents: toCents(i.priceAtSite),
    costCents: cents(i.costPerItem),
    isPromptForPrice: i.isPromptForPrice,
  };
}

/** The list's names, and the employee's own record when it was read. */
export function toEmployee(e: EmployeeListItem, detail?: Employee): EmployeeRecord {
  return {
    employeeId: e.employeeId,
    firstName: detail?.firstName ?? e.firstName,
    lastName: detail?.lastName ?? e.lastName,
    active: detail?.active ?? null,
    startDate: detail?.startDate ?? null,
    phone: detail?.phone ?? null,
    email: detail?.email ?? null,
  };
}

export function toClockEntry(e: ClockEntry): ClockEntryRecord {
  return {
    employeeId: e.employeeId,
    week: e.week,
    clockIn: when(e.clockIn),
    clockOut: when(e.clockOut),
    regularRateCents: toCents(e.regularRate),
    regularHours: e.regularHours,
    overtimeEligible: e.overtimeEligible,
    overtimeRateCents: toCents(e.overtimeRate),
    overtimeHours: e.overtimeHours,
    wasModified: e.wasModified,
    modifiedAt: when(e.modificationTimestamp),
    createdInBackOffice: e.wasCreatedInBackOffice,
    siteCode: e.siteCode,
  };
}

export function toSalesOutcome(s: SalesOutcome): SalesOutcomeRecord {
  return {
    at: new Date(s.timestamp),
    employeeId: s.employeeId,
    adpId: s.adpId,
    employeeName: s.employeeName,
    siteId: s.siteId,
    site: s.site,
    isConverted: s.isConverted,
    itemId: s.itemId,
    itemName: s.itemName,
    itemPriceCents: cents(s.itemPrice),
    terminalName: s.terminalName ?? '',
  };
}
