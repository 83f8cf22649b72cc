import { NotFoundError, ValidationError } from '@washops/shared-errors';
import type { ClockShift, EmployeeSalesOutcomes, GiftCardLiability, MembershipDetail, MembershipProfile, MembershipSummary, StoredCustomer } from '@washops/store';
import { RECURRING_STATUS_NAMES, oldestAllowedSeconds, type DataApiClient, type DataApiPage, type RecurringStatusCode, type RequestOptions } from '@washops/transactions-client';
import { toCatalogItem, toClockEntry, toCustomerContact, toCustomerRecord, toGiftCard, toMembershipDetail, toMembershipSummary, toSalesOutcome, toStatusChange, toWashbook } from '../dataapi/mapping.js';
import { LiveReadCounter, type LiveReadProgressListener } from './live-progress.js';
import { pageOf, type ResourceRowSource, type RowWindow, type SourcePage } from './source.js';

// The live answers, for what the warehouse has not synced: the Data API's records through the same client and request
// budget as the sync, mapped to the warehouse's records by the sync's own mapping, so both sources render alike.

const day = (at: Date) => at.toISOString().slice(0, 10);
/** Six months as the vendor and the simulator count them at the least (the shortest 6 calendar months have 181 days). */
const SIX_MONTHS_S = 180 * 86_400;

/**
 * The widest start the memberships, washbooks and gift-card lists accept: 6 months back (their range limit and the
 * look-back). Without one they answer from the first day of last month only (contract, "Spec range limits"). `now` is
 * the real clock: the client and the Data API check the look-back against it.
 */
function widestStart(now: Date): number {
  const nowS = Math.floor(now.getTime() / 1000);
  return Math.max(oldestAllowedSeconds(now.getTime()) + 60, nowS - SIX_MONTHS_S);
}
const within = (at: Date | null, range: { from: Date; to: Date }) => at !== null && at >= range.from && at <= range.to;
const roundHours = (hours: number) => Math.round(hours * 100) / 100;

/**
 * The rows of a window through a filter, reading only the pages needed: the total is the vendor's when nothing is
 * filtered here, the count when every page was read, else unknown. A list the Data API answers without a total (the
 * customer search; any list now and then, contract §3) stops at a full window too: counting it would read
 * every page, a request each per 100 rows (the demo chain's 42,000 memberships: 5 minutes of the rate budget).
 */
async function windowOfPages<T, R>(pages: AsyncIterable<DataApiPage<T>>, map: (row: T) => R, keep: ((row: R) => boolean) | undefined, window: RowWindow): Promise<SourcePage<R>> {
  const kept: R[] = [];
  let vendorTotal: number | null = null;
  let first = true;
  for await (const page of pages) {
    if (first) vendorTotal = page.total;
    first = false;
    for (const row of page.rows.map(map)) if (!keep || keep(row)) kept.push(row);
    if (kept.length >= window.offset + window.limit) {
      return { rows: kept.slice(window.offset, window.offset + window.limit), total: keep ? null : vendorTotal };
    }
  }
  return pageOf(kept, window);
}

/** A membership from its detail, with its list summary when there is one (the warehouse's row holds both). */
function membershipProfile(detail: MembershipDetail, summary: MembershipSummary | null, syncedAt: Date): MembershipProfile {
  return {
    id: detail.id,
    customerId: detail.customerId ?? summary?.customerId ?? null,
    name: summary?.name ?? null,
    planName: detail.planName,
    status: summary?.status ?? null,
    statusName: detail.statusName,
    signUpAt: summary?.signUpAt ?? detail.statuses[0]?.at ?? null,
    cancelAt: summary?.cancelAt ?? null,
    billingSiteId: summary?.billingSiteId ?? null,
    billingSiteCode: detail.billingSiteCode,
    creationSiteCode: detail.creationSiteCode,
    isOnTrial: detail.isOnTrial,
    trialAmountCents: detail.trialAmountCents,
    billingAmountCents: detail.billingAmountCents,
    additionalTagPriceCents: detail.additionalTagPriceCents,
    nextBillAt: detail.nextBillAt,
    lastBillAt: detail.lastBillAt,
    isSuspended: detail.isSuspended,
    suspendedUntil: detail.suspendedUntil,
    detailSyncedAt: syncedAt,
    syncedAt,
    statuses: detail.statuses,
    billings: detail.billings,
    tags: detail.tags,
    vehicles: detail.vehicles,
    modifications: [],
    statusChanges: [],
  };
}

/** `null` for a record the Data API does not have. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

function statusCodeOf(name: string): number | undefined {
  const wanted = name.trim().toLowerCase();
  const found = Object.entries(RECURRING_STATUS_NAMES).find(([, statusName]) => statusName.toLowerCase() === wanted);
  return found ? Number(found[0]) : undefined;
}

function liabilityOf(cards: ReadonlyArray<{ siteCode: string | null; valueCents: number; usedCents: number }>): GiftCardLiability[] {
  const bySite = new Map<string | null, GiftCardLiability>();
  for (const card of cards) {
    const site = bySite.get(card.siteCode) ?? { siteCode: card.siteCode, cards: 0, valueCents: 0, usedCents: 0, outstandingCents: 0 };
    site.cards += 1;
    site.valueCents += card.valueCents;
    site.usedCents += card.usedCents;
    site.outstandingCents = site.valueCents - site.usedCents;
    bySite.set(card.siteCode, site);
  }
  return [...bySite.values()].sort((a, b) => (a.siteCode ?? '').localeCompare(b.siteCode ?? ''));
}

export interface LiveSourceOptions {
  now?: () => Date;
  signal?: AbortSignal;
  /** Told after each read of the answer (a page, a record). */
  onProgress?: LiveReadProgressListener;
}

/** The Data API as a source of the warehouse's records, for the reads the warehouse cannot answer; one per answer. */
export function liveSource(client: DataApiClient, options: LiveSourceOptions = {}): ResourceRowSource {
  const now = options.now ?? (() => new Date());
  const o: RequestOptions = options.signal ? { signal: options.signal } : {};
  const count = new LiveReadCounter(options.onProgress);

  async function membershipsOfCustomer(customerId: string): Promise<MembershipProfile[]> {
    const accounts = await count.all(client.recurring.listPages({ customerId, startDate: widestStart(new Date()) }, o), 'memberships');
    const profiles: MembershipProfile[] = [];
    for (const [index, account] of accounts.entries()) {
      const detail = await orNull(client.recurring.get(account.id, o));
      count.answered(`membership ${index + 1} of ${accounts.length} in full`, accounts.length - index - 1);
      if (detail) profiles.push(membershipProfile(toMembershipDetail(detail), toMembershipSummary(account), now()));
    }
    return profiles;
  }

  return {
    async searchCustomers(query, cap) {
      const window = { offset: 0, limit: cap };
      if (!/\p{L}/u.test(query)) {
        const digits = query.replace(/\D/g, '');
        if (digits.length < 10) throw new ValidationError('The warehouse has not synced customers, and the Data API searches by the whole phone number: give all 10 digits.', { details: { field: 'query' } });
        return (await windowOfPages(count.pages(client.customers.listPages({ phoneNumber: digits }, o), 'customers by phone'), toCustomerRecord, undefined, window)).rows;
      }
      const words = query.trim().split(/\s+/);
      // The Data API filters first and last names separately: one word may be either, two are first and last.
      const asks =
        words.length === 1
          ? [{ params: { lastName: words[0]! }, what: 'customers by last name' }, { params: { firstName: words[0]! }, what: 'customers by first name' }]
          : [{ params: { firstName: words[0]!, lastName: words.slice(1).join(' ') }, what: 'customers by name' }];
      const found = new Map<string, ReturnType<typeof toCustomerRecord>>();
      for (const ask of asks) {
        const pages = count.pages(client.customers.listPages(ask.params, o), ask.what);
        for (const row of (await windowOfPages(pages, toCustomerRecord, undefined, window)).rows) found.set(row.customerId, row);
        if (found.size >= cap) break;
      }
      return [...found.values()].slice(0, cap);
    },

    async customerProfile(customerId) {
      const customer = await orNull(client.customers.get(customerId, o));
      count.answered('customer');
      if (!customer) return null;
      const { customerId: _id, allowSms, isActive, ...contact } = toCustomerContact(customer);
      const record: Omit<StoredCustomer, 'syncedAt' | 'detailSyncedAt'> = {
        customerId: customer.id,
        number: customer.number,
        firstName: customer.firstName,
        lastName: customer.lastName,
        phone: customer.phone,
        isActive,
        createdAt: null,
        modifiedAt: customer.modifyDate ? new Date(customer.modifyDate) : null,
        ...contact,
        allowSms,
      };
      const memberships = await membershipsOfCustomer(customerId);
      const washbooks = await count.all(client.washbooks.listPages({ customerId, startDate: widestStart(new Date()) }, o), 'washbooks');
      return { customer: record, memberships, washbooks: washbooks.map(toWashbook) };
    },

    async memberships(filter, window) {
      const status = filter.status === undefined ? undefined : statusCodeOf(filter.status);
      if (filter.status !== undefined && status === undefined) {
        throw new ValidationError(`"${filter.status}" is not a membership status the Data API knows: ${Object.values(RECURRING_STATUS_NAMES).join(', ')}.`, { details: { field: 'status' } });
      }
      const params = { startDate: widestStart(new Date()), ...(filter.customerId ? { customerId: filter.customerId } : {}), ...(status === undefined ? {} : { status: status as RecurringStatusCode }) };
      const siteCode = filter.siteCode?.toUpperCase();
      const keep = siteCode ? (m: ReturnType<typeof toMembershipSummary>) => m.billingSiteCode?.toUpperCase() === siteCode : undefined;
      const page = await windowOfPages(count.pages(client.recurring.listPages(params, o), 'memberships'), toMembershipSummary, keep, window);
      const at = now();
      return {
        total: page.total,
        rows: page.rows.map((m) => ({
          ...m,
          planName: null,
          creationSiteCode: null,
          isOnTrial: null,
          trialAmountCents: null,
          billingAmountCents: null,
          additionalTagPriceCents: null,
          nextBillAt: null,
          lastBillAt: null,
          isSuspended: null,
          suspendedUntil: null,
          detailSyncedAt: null,
          syncedAt: at,
        })),
      };
    },

    async membership(membershipId) {
      const detail = await orNull(client.recurring.get(membershipId, o));
      count.answered('membership');
      return detail ? membershipProfile(toMembershipDetail(detail), null, now()) : null;
    },

    async statusChanges(range, siteCode) {
      const rows = (await count.all(client.recurring.listStatusChangesPages({ startDate: range.from, endDate: range.to }, o), 'status changes')).map(toStatusChange);
      return rows.filter((s) => within(s.at, range) && (!siteCode || s.siteCode?.toUpperCase() === siteCode.toUpperCase())).sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    async washbooks(customerId) {
      return (await count.all(client.washbooks.listPages({ startDate: widestStart(new Date()), ...(customerId ? { customerId } : {}) }, o), 'washbooks')).map(toWashbook);
    },

    async giftCards(siteCode, window) {
      // The liability is over every card the Data API serves: those sold in its 6-month look-back. For the whole chain
      // that is a request per 100 cards (some 60 for the demo chain, 45 s of the shared budget) on every view.
      if (!siteCode) {
        throw new ValidationError(
          'The warehouse has not synced gift cards, and live the whole chain is a request per 100 cards sold in the last 6 months: give a site, or sync gift cards first (washops sync resources --resources gift-cards).',
          { details: { field: 'siteCode' } },
        );
      }
      const cards = (await count.all(client.giftCards.listPages({ startDate: widestStart(new Date()), site: siteCode }, o), `gift cards of ${siteCode}`)).map(toGiftCard).sort((a, b) => (b.soldAt?.getTime() ?? 0) - (a.soldAt?.getTime() ?? 0));
      return { ...pageOf(cards, window), liability: liabilityOf(cards) };
    },

    async items(department) {
      const rows = (await count.all(client.items.listPages({}, o), 'items')).map(toCatalogItem);
      const wanted = department?.toLowerCase();
      return rows.filter((i) => !wanted || i.departmentName.toLowerCase() === wanted).sort((a, b) => a.departmentName.localeCompare(b.departmentName) || a.name.localeCompare(b.name));
    },

    async clockShifts(query) {
      // Live, the Data API answers one employee at a time: the whole chain would be a request per employee per 14 days.
      if (query.employeeId === undefined) {
        throw new ValidationError(
          'The warehouse has not synced clock entries for this range, and live the Data API answers one employee at a time: give an employee, or sync clock entries first (washops sync resources --resources clock-entries).',
          { details: { field: 'employeeId' } },
        );
      }
      const employees = await count.all(client.employees.listPages({}, o), 'employees');
      const names = new Map(employees.map((e) => [e.employeeId, `${e.firstName} ${e.lastName}`.trim()]));
      const ids = query.employeeId === undefined ? employees.map((e) => e.employeeId) : [query.employeeId];
      const shifts: ClockShift[] = [];
      for (const [index, id] of ids.entries()) {
        const entries = await client.employees.clockEntries(id, { startDate: day(query.from), endDate: day(query.to), ...(query.siteCode ? { siteCode: query.siteCode } : {}) }, o);
        count.answered(`clock entries of employee ${id}`, ids.length - index - 1);
        for (const entry of entries.map(toClockEntry)) {
          if (within(entry.clockIn, query)) shifts.push({ ...entry, employeeName: names.get(entry.employeeId) ?? null, open: entry.clockOut === null });
        }
      }
      shifts.sort((a, b) => a.employeeId - b.employeeId || (a.clockIn?.getTime() ?? 0) - (b.clockIn?.getTime() ?? 0));
      return {
        shifts,
        openShifts: shifts.filter((s) => s.open).length,
        regularHours: roundHours(shifts.reduce((sum, s) => sum + s.regularHours, 0)),
        overtimeHours: roundHours(shifts.reduce((sum, s) => sum + s.overtimeHours, 0)),
      };
    },

    async salesOutcomes(query, window) {
      const rows = (await count.all(client.salesOutcomes.listPages({ startDate: day(query.from), endDate: day(query.to) }, o), 'sales outcomes'))
        .map(toSalesOutcome)
        .filter((s) => within(s.at, query) && (query.siteId === undefined || s.siteId === query.siteId) && (!query.employeeId || s.employeeId === query.employeeId))
        .sort((a, b) => a.at.getTime() - b.at.getTime() || a.employeeId.localeCompare(b.employeeId));
      const byEmployee = new Map<string, EmployeeSalesOutcomes>();
      for (const row of rows) {
        const employee = byEmployee.get(row.employeeId) ?? { employeeId: row.employeeId, employeeName: row.employeeName, offers: 0, converted: 0 };
        employee.offers += 1;
        if (row.isConverted) employee.converted += 1;
        byEmployee.set(row.employeeId, employee);
      }
      return { ...pageOf(rows, window), byEmployee: [...byEmployee.values()].sort((a, b) => a.employeeId.localeCompare(b.employeeId)) };
    },
  };
}
