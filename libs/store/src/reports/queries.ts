import { asc, desc, sql } from 'drizzle-orm';
import { ValidationError } from '@washops/shared-errors';
import type { StoreDb } from '../connection.js';
import { reportDays, reportDepartments, reportDiscounts, reportHours, reportItems, reportMix, reportStaff, reportTenders } from './schema.js';
import { checkScope, scopeCoverage, scopeFilter } from './scope.js';
import {
  MIX_CATEGORIES,
  REPORT_PERIODS,
  type DepartmentRow,
  type DiscountRow,
  type HourRow,
  type MembershipRow,
  type MixCategory,
  type MixRow,
  type MixRows,
  type ReportPeriod,
  type ReportQueries,
  type ReportScope,
  type SalesRow,
  type StaffRole,
  type StaffRow,
  type TenderRow,
  type TopItemRow,
} from './types.js';

export const TOP_ITEMS_DEFAULT = 20;
export const TOP_ITEMS_MAX = 1_000;

/** Sums come back as text (bigint) on both drivers. */
const total = (column: unknown) => sql<string>`coalesce(sum(${column}), 0)`;
const n = (value: string | number) => Number(value);

function periodKey(period: ReportPeriod) {
  if (!REPORT_PERIODS.includes(period)) throw new ValidationError(`A sales report groups by ${REPORT_PERIODS.join(', ')}.`, { details: { field: 'period', value: period } });
  // date_trunc('week') starts weeks on Monday (ISO).
  if (period === 'day') return sql<string>`to_char(${reportDays.day}, 'YYYY-MM-DD')`;
  // Inlined, not a parameter: the same expression must appear in the select and the group by.
  return sql<string>`to_char(date_trunc(${sql.raw(`'${period}'`)}, ${reportDays.day}::timestamp)::date, 'YYYY-MM-DD')`;
}

function topItemsOf(options: { topItems?: number } | undefined): number {
  const value = options?.topItems ?? TOP_ITEMS_DEFAULT;
  if (!Number.isInteger(value) || value < 1 || value > TOP_ITEMS_MAX) {
    throw new ValidationError(`Top items lists 1 to ${TOP_ITEMS_MAX} items.`, { details: { field: 'topItems', value } });
  }
  return value;
}

/** Reports read from the warehouse's rollups only (README, "Reports"); rows per site, ordered. */
export function reportQueries(db: StoreDb): ReportQueries {
  return {
    coverage: (scope) => scopeCoverage(db, scope),

    async sales(input: ReportScope, period: ReportPeriod): Promise<SalesRow[]> {
      const scope = checkScope(input);
      const key = periodKey(period);
      const rows = await db
        .select({ siteCode: reportDays.siteCode, period: key, transactions: total(reportDays.transactions), revenueCents: total(reportDays.revenueCents) })
        .from(reportDays)
        .where(scopeFilter(reportDays, scope))
        .groupBy(reportDays.siteCode, key)
        .orderBy(asc(reportDays.siteCode), asc(key));
      return rows.map((r) => ({ siteCode: r.siteCode, period: r.period, transactions: n(r.transactions), revenueCents: n(r.revenueCents) }));
    },

    async mix(input: ReportScope, options?: { topItems?: number }): Promise<MixRows> {
      const scope = checkScope(input);
      const limit = topItemsOf(options);
      const [categories, departments, topItems] = await Promise.all([
        db
          .select({ siteCode: reportMix.siteCode, category: reportMix.category, transactions: total(reportMix.transactions), revenueCents: total(reportMix.revenueCents) })
          .from(reportMix)
          .where(scopeFilter(reportMix, scope))
          .groupBy(reportMix.siteCode, reportMix.category),
        db
          .select({
            siteCode: reportDepartments.siteCode,
            department: reportDepartments.department,
            quantity: total(reportDepartments.quantity),
            transactions: total(reportDepartments.transactions),
            netCents: total(reportDepartments.netCents),
          })
          .from(reportDepartments)
          .where(scopeFilter(reportDepartments, scope))
          .groupBy(reportDepartments.siteCode, reportDepartments.department)
          .orderBy(asc(reportDepartments.siteCode), asc(reportDepartments.department)),
        db
          .select({ name: reportItems.name, department: reportItems.department, quantity: total(reportItems.quantity), netCents: total(reportItems.netCents) })
          .from(reportItems)
          .where(scopeFilter(reportItems, scope))
          .groupBy(reportItems.name, reportItems.department)
          .orderBy(desc(total(reportItems.quantity)), desc(total(reportItems.netCents)), asc(reportItems.name), asc(reportItems.department))
          .limit(limit),
      ]);
      const order = (c: string) => MIX_CATEGORIES.indexOf(c as MixCategory);
      return {
        categories: categories
          .map((r): MixRow => ({ siteCode: r.siteCode, category: r.category as MixCategory, transactions: n(r.transactions), revenueCents: n(r.revenueCents) }))
          .sort((a, b) => a.siteCode.localeCompare(b.siteCode) || order(a.category) - order(b.category)),
        departments: departments.map((r): DepartmentRow => ({ siteCode: r.siteCode, department: r.department, quantity: n(r.quantity), transactions: n(r.transactions), netCents: n(r.netCents) })),
        topItems: topItems.map((r): TopItemRow => ({ name: r.name, department: r.department, quantity: n(r.quantity), netCents: n(r.netCents) })),
      };
    },

    async memberships(input: ReportScope): Promise<MembershipRow[]> {
      const scope = checkScope(input);
      const d = reportDays;
      const rows = await db
        .select({
          siteCode: d.siteCode,
          recurringSales: total(d.recurringSales),
          recurringPayments: total(d.recurringPayments),
          recurringRedemptions: total(d.recurringRedemptions),
          prepaidSales: total(d.prepaidSales),
          prepaidRedemptions: total(d.prepaidRedemptions),
          planSales: total(d.planSales),
          planRedemptions: total(d.planRedemptions),
          v2Known: total(d.v2Known),
          washes: total(d.washes),
          memberWashes: total(d.memberWashes),
          membershipRevenueCents: total(d.membershipRevenueCents),
        })
        .from(d)
        .where(scopeFilter(d, scope))
        .groupBy(d.siteCode)
        .orderBy(asc(d.siteCode));
      return rows.map(({ siteCode, ...figures }) => ({ siteCode, ...(Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, n(v)])) as Omit<MembershipRow, 'siteCode'>) }));
    },

    async tenders(input: ReportScope): Promise<TenderRow[]> {
      const scope = checkScope(input);
      const t = reportTenders;
      const rows = await db
        .select({ siteCode: t.siteCode, tender: t.tender, tenderSubType: t.tenderSubType, count: total(t.count), amountCents: total(t.amountCents), changeCents: total(t.changeCents) })
        .from(t)
        .where(scopeFilter(t, scope))
        .groupBy(t.siteCode, t.tender, t.tenderSubType)
        .orderBy(asc(t.siteCode), asc(t.tender), sql`${t.tenderSubType} asc nulls first`);
      return rows.map((r) => ({ siteCode: r.siteCode, tender: r.tender, tenderSubType: r.tenderSubType, count: n(r.count), amountCents: n(r.amountCents), changeCents: n(r.changeCents) }));
    },

    async hours(input: ReportScope): Promise<HourRow[]> {
      const scope = checkScope(input);
      const h = reportHours;
      const dayOfWeek = sql<number>`extract(isodow from ${h.day})::integer`;
      const rows = await db
        .select({ siteCode: h.siteCode, dayOfWeek, hour: h.hour, transactions: total(h.transactions), revenueCents: total(h.revenueCents) })
        .from(h)
        .where(scopeFilter(h, scope))
        .groupBy(h.siteCode, dayOfWeek, h.hour)
        .orderBy(asc(h.siteCode), asc(dayOfWeek), asc(h.hour));
      return rows.map((r) => ({ siteCode: r.siteCode, dayOfWeek: n(r.dayOfWeek), hour: r.hour, transactions: n(r.transactions), revenueCents: n(r.revenueCents) }));
    },

    async staff(input: ReportScope): Promise<StaffRow[]> {
      const scope = checkScope(input);
      const s = reportStaff;
      const rows = await db
        .select({ siteCode: s.siteCode, employee: s.employee, role: s.role, transactions: total(s.transactions), revenueCents: total(s.revenueCents), membershipSales: total(s.membershipSales) })
        .from(s)
        .where(scopeFilter(s, scope))
        .groupBy(s.siteCode, s.employee, s.role)
        .orderBy(asc(s.siteCode), asc(s.role), asc(s.employee));
      return rows.map((r) => ({ siteCode: r.siteCode, employee: r.employee, role: r.role as StaffRole, transactions: n(r.transactions), revenueCents: n(r.revenueCents), membershipSales: n(r.membershipSales) }));
    },

    async discounts(input: ReportScope): Promise<DiscountRow[]> {
      const scope = checkScope(input);
      const d = reportDiscounts;
      const rows = await db
        .select({ siteCode: d.siteCode, discountName: d.discountName, uses: total(d.uses), amountCents: total(d.amountCents) })
        .from(d)
        .where(scopeFilter(d, scope))
        .groupBy(d.siteCode, d.discountName)
        .orderBy(asc(d.siteCode), asc(d.discountName));
      return rows.map((r) => ({ siteCode: r.siteCode, discountName: r.discountName, uses: n(r.uses), amountCents: n(r.amountCents) }));
    },
  };
}
