import { and, asc, desc, eq, gte, ilike, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { ValidationError } from '@washops/shared-errors';
import type { StoreDb } from '../connection.js';
import type {
  ClockEntryQuery,
  ClockEntryResult,
  CustomerProfile,
  CustomerSearch,
  EmployeeSalesOutcomes,
  GiftCardLiability,
  MembershipProfile,
  SalesOutcomeQuery,
  StatusChangeQuery,
} from './read-types.js';
import {
  whCatalogItems,
  whClockEntries,
  whCustomers,
  whEmployees,
  whGiftCards,
  whMembershipBillings,
  whMembershipModifications,
  whMemberships,
  whMembershipStatuses,
  whMembershipTags,
  whMembershipVehicles,
  whSalesOutcomes,
  whStatusChanges,
  whWashbooks,
} from './schema.js';
import type { CatalogItemRecord, EmployeeRecord, StatusChangeRecord, StoredCustomer, StoredMembership, WashbookRecord } from './types.js';
import { phoneDigits } from './writes.js';

function strip<T extends { syncedAt?: unknown }>(row: T): Omit<T, 'syncedAt'> {
  const { syncedAt: _syncedAt, ...rest } = row;
  return rest;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function groupByMembership<R extends { membershipId: string }>(rows: R[]): Map<string, Omit<R, 'membershipId'>[]> {
  const out = new Map<string, Omit<R, 'membershipId'>[]>();
  for (const { membershipId, ...rest } of rows) out.set(membershipId, [...(out.get(membershipId) ?? []), rest]);
  return out;
}

export function resourceReadQueries(db: StoreDb) {
  /** Memberships with their lists: one query per list, whatever their number. */
  async function profiles(rows: StoredMembership[]): Promise<MembershipProfile[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [statuses, billings, tags, vehicles, modifications, changes] = await Promise.all([
      db.select().from(whMembershipStatuses).where(inArray(whMembershipStatuses.membershipId, ids)).orderBy(asc(whMembershipStatuses.position)),
      db.select().from(whMembershipBillings).where(inArray(whMembershipBillings.membershipId, ids)).orderBy(asc(whMembershipBillings.position)),
      db.select().from(whMembershipTags).where(inArray(whMembershipTags.membershipId, ids)).orderBy(asc(whMembershipTags.tagId)),
      db.select().from(whMembershipVehicles).where(inArray(whMembershipVehicles.membershipId, ids)).orderBy(asc(whMembershipVehicles.vehicleId)),
      db.select().from(whMembershipModifications).where(inArray(whMembershipModifications.membershipId, ids)).orderBy(asc(whMembershipModifications.at)),
      db.select().from(whStatusChanges).where(inArray(whStatusChanges.membershipId, ids)).orderBy(asc(whStatusChanges.at)),
    ]);
    const by = {
      statuses: groupByMembership(statuses.map(({ position: _p, ...s }) => s)),
      billings: groupByMembership(billings.map(({ position: _p, ...b }) => b)),
      tags: groupByMembership(tags),
      vehicles: groupByMembership(vehicles),
      modifications: groupByMembership(modifications),
      changes: groupByMembership(changes),
    };
    return rows.map((m) => ({
      ...m,
      statuses: by.statuses.get(m.id) ?? [],
      billings: by.billings.get(m.id) ?? [],
      tags: by.tags.get(m.id) ?? [],
      vehicles: by.vehicles.get(m.id) ?? [],
      modifications: by.modifications.get(m.id) ?? [],
      statusChanges: by.changes.get(m.id) ?? [],
    }));
  }

  return {
    async searchCustomers(search: CustomerSearch): Promise<StoredCustomer[]> {
      const limit = search.limit ?? 20;
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new ValidationError('limit must be a whole number from 1 to 100');
      const text = search.query.trim();
      const digits = phoneDigits(text);
      let where: SQL | undefined;
      if (!/\p{L}/u.test(text) && digits && digits.length >= 4) {
        where = like(whCustomers.phoneDigits, `%${digits}%`);
      } else {
        const words = text.split(/\s+/).filter((word) => word.length > 0);
        if (words.length === 0) throw new ValidationError('Search by a name or at least 4 digits of a phone number');
        where = and(...words.map((word) => or(ilike(whCustomers.firstName, `%${likeText(word)}%`), ilike(whCustomers.lastName, `%${likeText(word)}%`))));
      }
      const rows = await db.select().from(whCustomers).where(where).orderBy(asc(whCustomers.lastName), asc(whCustomers.firstName), asc(whCustomers.customerId)).limit(limit);
      return rows.map(({ phoneDigits: _digits, ...row }) => row);
    },

    async customerProfile(customerId: string): Promise<CustomerProfile | null> {
      const [row] = await db.select().from(whCustomers).where(eq(whCustomers.customerId, customerId));
      if (!row) return null;
      const { phoneDigits: _digits, ...customer } = row;
      const memberships = await db.select().from(whMemberships).where(eq(whMemberships.customerId, customerId)).orderBy(desc(whMemberships.signUpAt), asc(whMemberships.id));
      const washbooks = await db.select().from(whWashbooks).where(eq(whWashbooks.customerId, customerId)).orderBy(desc(whWashbooks.signUpAt));
      return { customer, memberships: await profiles(memberships), washbooks: washbooks.map(strip) };
    },

    async getMembership(id: string): Promise<MembershipProfile | null> {
      const rows = await db.select().from(whMemberships).where(eq(whMemberships.id, id));
      return (await profiles(rows))[0] ?? null;
    },

    async listStatusChanges(query: StatusChangeQuery): Promise<StatusChangeRecord[]> {
      const t = whStatusChanges;
      return db
        .select()
        .from(t)
        .where(and(gte(t.at, query.from), lte(t.at, query.to), query.siteCode ? eq(t.siteCode, query.siteCode) : undefined))
        .orderBy(asc(t.at), asc(t.membershipId));
    },

    async listWashbooks(filter: { customerId?: string } = {}): Promise<WashbookRecord[]> {
      const rows = await db.select().from(whWashbooks).where(filter.customerId ? eq(whWashbooks.customerId, filter.customerId) : undefined).orderBy(asc(whWashbooks.id));
      return rows.map(strip);
    },

    async listCatalogItems(filter: { departmentName?: string } = {}): Promise<CatalogItemRecord[]> {
      const t = whCatalogItems;
      const rows = await db.select().from(t).where(filter.departmentName ? eq(t.departmentName, filter.departmentName) : undefined).orderBy(asc(t.departmentName), asc(t.name), asc(t.sku));
      return rows.map(strip);
    },

    async listEmployees(): Promise<EmployeeRecord[]> {
      const rows = await db.select().from(whEmployees).orderBy(asc(whEmployees.lastName), asc(whEmployees.firstName));
      return rows.map(strip);
    },

    async clockEntries(query: ClockEntryQuery): Promise<ClockEntryResult> {
      const t = whClockEntries;
      const rows = await db
        .select({ entry: t, firstName: whEmployees.firstName, lastName: whEmployees.lastName })
        .from(t)
        .leftJoin(whEmployees, eq(whEmployees.employeeId, t.employeeId))
        .where(
          and(
            gte(t.clockIn, query.from),
            lte(t.clockIn, query.to),
            query.employeeId === undefined ? undefined : eq(t.employeeId, query.employeeId),
            query.siteCode ? eq(t.siteCode, query.siteCode) : undefined,
          ),
        )
        .orderBy(asc(t.employeeId), asc(t.clockIn));
      const shifts = rows.map(({ entry: { windowStart: _w, ...entry }, firstName, lastName }) => ({
        ...entry,
        employeeName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
        open: entry.clockOut === null,
      }));
      const sum = (pick: (s: (typeof shifts)[number]) => number) => Math.round(shifts.reduce((n, s) => n + pick(s), 0) * 100) / 100;
      return { shifts, openShifts: shifts.filter((s) => s.open).length, regularHours: sum((s) => s.regularHours), overtimeHours: sum((s) => s.overtimeHours) };
    },

    async giftCardLiability(filter: { siteCode?: string } = {}): Promise<GiftCardLiability[]> {
      const t = whGiftCards;
      const rows = await db
        .select({ siteCode: t.siteCode, cards: sql<string>`count(*)`, value: sql<string>`sum(${t.valueCents})`, used: sql<string>`sum(${t.usedCents})` })
        .from(t)
        .where(filter.siteCode ? eq(t.siteCode, filter.siteCode) : undefined)
        .groupBy(t.siteCode)
        .orderBy(asc(t.siteCode));
      return rows.map((r) => ({
        siteCode: r.siteCode,
        cards: Number(r.cards),
        valueCents: Number(r.value),
        usedCents: Number(r.used),
        outstandingCents: Number(r.value) - Number(r.used),
      }));
    },

    async salesOutcomesByEmployee(query: SalesOutcomeQuery): Promise<EmployeeSalesOutcomes[]> {
      const t = whSalesOutcomes;
      const rows = await db
        .select({
          employeeId: t.employeeId,
          employeeName: sql<string>`max(${t.employeeName})`,
          offers: sql<string>`count(*)`,
          converted: sql<string>`count(*) filter (where ${t.isConverted})`,
        })
        .from(t)
        .where(and(gte(t.at, query.from), lte(t.at, query.to), query.siteId === undefined ? undefined : eq(t.siteId, query.siteId)))
        .groupBy(t.employeeId)
        .orderBy(asc(t.employeeId));
      return rows.map((r) => ({ employeeId: r.employeeId, employeeName: r.employeeName, offers: Number(r.offers), converted: Number(r.converted) }));
    },
  };
}

export type ResourceReadQueries = ReturnType<typeof resourceReadQueries>;
