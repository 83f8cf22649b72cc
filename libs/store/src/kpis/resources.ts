import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { whGiftCards, whWashbooks } from '../dataapi/schema.js';
import { reportDepartments, reportTenders } from '../reports/schema.js';
import { scopeFilter } from '../reports/scope.js';
import { warehouseSites } from '../warehouse/schema.js';
import { kpiAdvisorDays } from './schema.js';
import type { AdvisorRow, LiabilityRow } from './types.js';

type Scope = { from: string; to: string; siteCodes: string[] };
const n = (value: string | number | null | undefined) => Number(value ?? 0);

/** Offers and conversions per site and employee, from the sales-outcome list, on the site's local days (the advisor rollup). */
export async function advisorRows(db: StoreDb, scope: Scope): Promise<AdvisorRow[]> {
  const a = kpiAdvisorDays;
  const rows = await db
    .select({ siteCode: a.siteCode, employeeId: a.employeeId, employeeName: sql<string>`max(${a.employeeName})`, offers: sql<string>`sum(${a.offers})`, conversions: sql<string>`sum(${a.conversions})` })
    .from(a)
    .where(scopeFilter(a, scope))
    .groupBy(a.siteCode, a.employeeId);
  return rows
    .map((r) => ({ siteCode: r.siteCode, employeeId: r.employeeId, employeeName: r.employeeName, offers: n(r.offers), conversions: n(r.conversions) }))
    .sort((a, b) => a.siteCode.localeCompare(b.siteCode) || b.offers - a.offers || a.employeeId.localeCompare(b.employeeId));
}

/** Gift-card and washbook liability per site: outstanding as last synced, and what the scope's days added and used. */
export async function liabilityRows(db: StoreDb, scope: Scope): Promise<LiabilityRow[]> {
  const g = whGiftCards;
  const w = whWashbooks;
  const [cards, books, departments, tenders] = await Promise.all([
    db
      .select({ siteCode: g.siteCode, cards: sql<string>`count(*)`, value: sql<string>`sum(${g.valueCents})`, used: sql<string>`sum(${g.usedCents})` })
      .from(g)
      .where(inArray(g.siteCode, scope.siteCodes))
      .groupBy(g.siteCode),
    db
      .select({ siteCode: warehouseSites.siteCode, books: sql<string>`count(*)`, washes: sql<string>`coalesce(sum(${w.balance}), 0)` })
      .from(w)
      .innerJoin(warehouseSites, eq(warehouseSites.siteId, w.billingSiteId))
      .where(and(inArray(warehouseSites.siteCode, scope.siteCodes), eq(w.unlimited, false), isNull(w.cancelAt)))
      .groupBy(warehouseSites.siteCode),
    db
      .select({ siteCode: reportDepartments.siteCode, department: reportDepartments.department, quantity: sql<string>`sum(${reportDepartments.quantity})`, net: sql<string>`sum(${reportDepartments.netCents})` })
      .from(reportDepartments)
      .where(and(scopeFilter(reportDepartments, scope), inArray(reportDepartments.department, ['GiftCard', 'WashBook'])))
      .groupBy(reportDepartments.siteCode, reportDepartments.department),
    db
      .select({ siteCode: reportTenders.siteCode, subType: reportTenders.tenderSubType, count: sql<string>`sum(${reportTenders.count})`, amount: sql<string>`sum(${reportTenders.amountCents})` })
      .from(reportTenders)
      .where(and(scopeFilter(reportTenders, scope), inArray(reportTenders.tenderSubType, ['Giftcard', 'Washbook'])))
      .groupBy(reportTenders.siteCode, reportTenders.tenderSubType),
  ]);
  return [...scope.siteCodes].sort().map((siteCode) => {
    const card = cards.find((r) => r.siteCode === siteCode);
    const book = books.find((r) => r.siteCode === siteCode);
    const department = (name: string) => departments.find((r) => r.siteCode === siteCode && r.department === name);
    const tender = (subType: string) => tenders.find((r) => r.siteCode === siteCode && r.subType === subType);
    const sold = n(department('GiftCard')?.net);
    const redeemed = n(tender('Giftcard')?.amount);
    return {
      siteCode,
      giftCards: n(card?.cards),
      giftCardValueCents: n(card?.value),
      giftCardOutstandingCents: n(card?.value) - n(card?.used),
      giftCardSoldCents: sold,
      giftCardRedeemedCents: redeemed,
      giftCardChangeCents: sold - redeemed,
      washbooks: n(book?.books),
      washbookWashesOutstanding: n(book?.washes),
      washbooksSold: n(department('WashBook')?.quantity),
      washbookWashesRedeemed: n(tender('Washbook')?.count),
    };
  });
}

