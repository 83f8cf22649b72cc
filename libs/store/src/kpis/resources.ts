import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { whGiftCards, whSalesOutcomes, whWashbooks } from '../dataapi/schema.js';
import { reportDepartments, reportTenders } from '../reports/schema.js';
import { scopeFilter } from '../reports/scope.js';
import { warehouseSites } from '../warehouse/schema.js';
import { localDay, localDayEnd, localDayStart } from '../warehouse/zones.js';
import { siteZones } from './site-days.js';
import type { AdvisorRow, LiabilityRow } from './types.js';

type Scope = { from: string; to: string; siteCodes: string[] };
const n = (value: string | number | null | undefined) => Number(value ?? 0);

/** Offers and conversions per site and employee, from the sales-outcome list, on the site's local days. */
export async function advisorRows(db: StoreDb, scope: Scope): Promise<AdvisorRow[]> {
  const zones = await siteZones(db, scope.siteCodes);
  const start = Math.min(...scope.siteCodes.map((code) => localDayStart(scope.from, zones.get(code) as string)));
  const end = Math.max(...scope.siteCodes.map((code) => localDayEnd(scope.to, zones.get(code) as string)));
  const o = whSalesOutcomes;
  const rows = await db
    .select({ siteCode: warehouseSites.siteCode, at: o.at, employeeId: o.employeeId, employeeName: o.employeeName, isConverted: o.isConverted })
    .from(o)
    .innerJoin(warehouseSites, eq(warehouseSites.siteId, o.siteId))
    .where(and(inArray(warehouseSites.siteCode, scope.siteCodes), gte(o.at, new Date(start)), lt(o.at, new Date(end))));
  const out = new Map<string, AdvisorRow>();
  for (const row of rows) {
    const day = localDay(row.at, zones.get(row.siteCode) as string);
    if (day < scope.from || day > scope.to) continue;
    const key = `${row.siteCode}\u0000${row.employeeId}`;
    let total = out.get(key);
    if (!total) out.set(key, (total = { siteCode: row.siteCode, employeeId: row.employeeId, employeeName: row.employeeName, offers: 0, conversions: 0 }));
    total.offers += 1;
    total.conversions += Number(row.isConverted);
  }
  return [...out.values()].sort((a, b) => a.siteCode.localeCompare(b.siteCode) || b.offers - a.offers || a.employeeId.localeCompare(b.employeeId));
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

