import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { StoreDb } from '../connection.js';
import { refreshMemberSpells } from '../kpis/memberships.js';
import { refreshAdvisorDays, refreshLaborDays, siteCodesById, spansOf } from '../kpis/resource-rollups.js';
import { insertRowsStatement, ROWS_PER_STATEMENT } from '../warehouse/rows.js';
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
import type { MembershipDetail, ResourceWindowData, ResourceWindowKey } from './types.js';

/** A row keyed by the table's property names (the records' own fields, plus the key columns added here). */
type Row = object;
const asRows = (rows: readonly Row[]) => rows as readonly Record<string, unknown>[];

/** The last of each key wins: one statement may not touch a row twice, and a shifted vendor page may repeat one. */
function uniqueBy<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

/**
 * Inserts rows (1,000 a statement, as the transactions' writer) and, for a key already stored, updates only `update`:
 * the columns this source owns, so the account list does not wipe what the account detail wrote, nor the reverse.
 */
async function upsertRows(tx: StoreDb, table: PgTable, rows: readonly Row[], key: readonly PgColumn[], update: readonly PgColumn[]): Promise<void> {
  const target = sql.join(key.map((c) => sql.identifier(c.name)), sql`, `);
  const set = sql.join(update.map((c) => sql`${sql.identifier(c.name)} = excluded.${sql.identifier(c.name)}`), sql`, `);
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const batch = rows.slice(i, i + ROWS_PER_STATEMENT);
    await tx.execute(sql`${insertRowsStatement(table, asRows(batch))} on conflict (${target}) do update set ${set}`);
  }
}

async function insertAll(tx: StoreDb, table: PgTable, rows: readonly Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await tx.execute(insertRowsStatement(table, asRows(rows.slice(i, i + ROWS_PER_STATEMENT))));
}

/** The last ten digits of a phone number, for search by phone whatever its punctuation or leading 1. */
export function phoneDigits(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 0 ? null : digits.slice(-10);
}

const c = whCustomers;
const m = whMemberships;

async function writeMembershipDetails(tx: StoreDb, details: readonly MembershipDetail[], now: Date): Promise<void> {
  const unique = uniqueBy(details, (d) => d.id);
  if (unique.length === 0) return;
  const rows = unique.map(({ statuses: _s, billings: _b, tags: _t, vehicles: _v, ...d }) => ({ ...d, detailSyncedAt: now, syncedAt: now }));
  await upsertRows(tx, m, rows, [m.id], [
    m.customerId, m.planName, m.statusName, m.billingSiteCode, m.creationSiteCode, m.isOnTrial, m.trialAmountCents, m.billingAmountCents,
    m.additionalTagPriceCents, m.nextBillAt, m.lastBillAt, m.isSuspended, m.suspendedUntil, m.detailSyncedAt, m.syncedAt,
  ]);
  // The detail's lists replace what was stored for those accounts.
  const ids = unique.map((d) => d.id);
  for (const table of [whMembershipStatuses, whMembershipBillings, whMembershipTags, whMembershipVehicles]) {
    for (let i = 0; i < ids.length; i += ROWS_PER_STATEMENT) await tx.delete(table).where(inArray(table.membershipId, ids.slice(i, i + ROWS_PER_STATEMENT)));
  }
  await insertAll(tx, whMembershipStatuses, unique.flatMap((d) => d.statuses.map((s, position) => ({ ...s, membershipId: d.id, position }))));
  await insertAll(tx, whMembershipBillings, unique.flatMap((d) => d.billings.map((b, position) => ({ ...b, membershipId: d.id, position }))));
  await insertAll(tx, whMembershipTags, unique.flatMap((d) => uniqueBy(d.tags, (t) => t.tagId).map((t) => ({ ...t, membershipId: d.id }))));
  await insertAll(tx, whMembershipVehicles, unique.flatMap((d) => uniqueBy(d.vehicles, (v) => v.vehicleId).map((v) => ({ ...v, membershipId: d.id }))));
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** Writes every part of one window's data (inside the caller's transaction); returns the records written. */
export async function writeWindowData(tx: StoreDb, key: ResourceWindowKey, data: ResourceWindowData, now: Date): Promise<number> {
  let records = 0;
  if (data.customers) {
    const rows = uniqueBy(data.customers, (r) => r.customerId).map((r) => ({ ...r, phoneDigits: phoneDigits(r.phone), syncedAt: now }));
    await upsertRows(tx, c, rows, [c.customerId], [c.number, c.firstName, c.lastName, c.phone, c.phoneDigits, c.isActive, c.createdAt, c.modifiedAt, c.syncedAt]);
    records += rows.length;
  }
  if (data.customerContacts) {
    const rows = uniqueBy(data.customerContacts, (r) => r.customerId).map((r) => ({ ...r, detailSyncedAt: now, syncedAt: now }));
    await upsertRows(tx, c, rows, [c.customerId], [c.isActive, c.email, c.companyName, c.address1, c.address2, c.city, c.state, c.country, c.postalCode, c.birthDate, c.allowSms, c.detailSyncedAt]);
  }
  if (data.memberships) {
    const rows = uniqueBy(data.memberships, (r) => r.id).map((r) => ({ ...r, syncedAt: now }));
    await upsertRows(tx, m, rows, [m.id], [m.customerId, m.name, m.signUpAt, m.cancelAt, m.billingSiteId, m.billingSiteCode, m.status, m.statusName, m.syncedAt]);
    records += rows.length;
  }
  if (data.membershipDetails) {
    await writeMembershipDetails(tx, data.membershipDetails, now);
    if (!data.memberships && !data.modifications) records += uniqueBy(data.membershipDetails, (d) => d.id).length;
  }
  if (data.modifications) {
    const t = whMembershipModifications;
    const rows = uniqueBy(data.modifications, (r) => `${r.membershipId}\u0000${r.at.toISOString()}\u0000${r.type}`);
    await upsertRows(tx, t, rows, [t.membershipId, t.at, t.type], [t.comment]);
    records += rows.length;
  }
  if (data.statusChanges) {
    const t = whStatusChanges;
    const rows = uniqueBy(data.statusChanges, (r) => `${r.membershipId}\u0000${r.at.toISOString()}\u0000${r.newStatus}`);
    await upsertRows(tx, t, rows, [t.membershipId, t.at, t.newStatus], [t.washbookAccountId, t.oldStatus, t.employeeName, t.siteCode]);
    records += rows.length;
  }
  // The members' spells of every account the window wrote or whose status changes it wrote.
  const members = [
    ...(data.memberships ?? []).map((r) => r.id),
    ...(data.membershipDetails ?? []).map((d) => d.id),
    ...(data.statusChanges ?? []).flatMap((r) => (r.washbookAccountId ? [r.membershipId, r.washbookAccountId] : [r.membershipId])),
  ];
  await refreshMemberSpells(tx, [...new Set(members)]);
  if (data.washbooks) {
    const t = whWashbooks;
    const rows = uniqueBy(data.washbooks, (r) => r.id).map((r) => ({ ...r, syncedAt: now }));
    await upsertRows(tx, t, rows, [t.id], [t.customerId, t.name, t.balance, t.unlimited, t.signUpAt, t.cancelAt, t.billingSiteId, t.status, t.syncedAt]);
    records += rows.length;
  }
  if (data.giftCards) {
    const t = whGiftCards;
    const rows = uniqueBy(data.giftCards, (r) => r.giftcardId).map((r) => ({ ...r, syncedAt: now }));
    await upsertRows(tx, t, rows, [t.giftcardId], [t.siteCode, t.soldAt, t.number, t.valueCents, t.usedCents, t.syncedAt]);
    records += rows.length;
  }
  if (data.items) {
    // A full refresh: what the vendor no longer lists is gone.
    const rows = uniqueBy(data.items, (r) => `${r.sku}\u0000${r.siteLocation}`).map((r) => ({ ...r, syncedAt: now }));
    await tx.delete(whCatalogItems);
    await insertAll(tx, whCatalogItems, rows);
    records += rows.length;
  }
  if (data.employees) {
    const rows = uniqueBy(data.employees, (r) => String(r.employeeId)).map((r) => ({ ...r, syncedAt: now }));
    await tx.delete(whEmployees);
    await insertAll(tx, whEmployees, rows);
    records += rows.length;
  }
  if (data.clockEntries) {
    const t = whClockEntries;
    const employeeId = Number(key.scope);
    const inWindow = and(gte(t.clockIn, dayStart(key.windowStart)), lt(t.clockIn, dayAfter(key.windowEnd)));
    const openWithoutClockIn = and(isNull(t.clockIn), gte(t.windowStart, key.windowStart), lte(t.windowStart, key.windowEnd));
    const replaced = await tx.delete(t).where(and(eq(t.employeeId, employeeId), or(inWindow, openWithoutClockIn))).returning({ siteCode: t.siteCode, at: t.clockIn });
    await insertAll(tx, t, data.clockEntries.map((r) => ({ ...r, employeeId, windowStart: key.windowStart })));
    // The site-days of the shifts removed and written, so the labor rollup never disagrees with the rows.
    await refreshLaborDays(tx, spansOf([...replaced, ...data.clockEntries.map((r) => ({ siteCode: r.siteCode, at: r.clockIn }))]));
    records += data.clockEntries.length;
  }
  if (data.salesOutcomes) {
    const t = whSalesOutcomes;
    // The window's days are replaced whole; an outcome the vendor dates outside them is kept by its key, once.
    const inWindow = and(gte(t.at, dayStart(key.windowStart)), lt(t.at, dayAfter(key.windowEnd)));
    // Each site's first and last outcome removed or written: the advisor rollup's site-days to rewrite.
    const replaced = await tx
      .select({ siteId: t.siteId, first: sql<Date | string>`min(${t.at})`, last: sql<Date | string>`max(${t.at})` })
      .from(t)
      .where(inWindow)
      .groupBy(t.siteId);
    await tx.delete(t).where(inWindow);
    const rows = uniqueBy(
      data.salesOutcomes.map((r) => ({ ...r, itemId: r.itemId ?? '' })),
      (r) => `${r.at.toISOString()}\u0000${r.employeeId}\u0000${r.siteId}\u0000${r.itemId}\u0000${r.terminalName}`,
    );
    await upsertRows(tx, t, rows, [t.at, t.employeeId, t.siteId, t.itemId, t.terminalName], [t.adpId, t.employeeName, t.site, t.isConverted, t.itemName, t.itemPriceCents]);
    const codes = await siteCodesById(tx, [...new Set([...replaced.map((r) => r.siteId), ...rows.map((r) => r.siteId)])]);
    const touched = [...replaced.flatMap((r) => [{ siteId: r.siteId, at: new Date(r.first) }, { siteId: r.siteId, at: new Date(r.last) }]), ...rows];
    await refreshAdvisorDays(tx, spansOf(touched.map((r) => ({ siteCode: codes.get(r.siteId) ?? null, at: r.at }))));
    records += data.salesOutcomes.length;
  }
  return records;
}
