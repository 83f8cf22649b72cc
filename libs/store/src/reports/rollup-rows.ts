import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { StoreDb } from '../connection.js';
import { insertRowsStatement } from '../warehouse/rows.js';
import type { SiteDayKey, WarehouseTransaction } from '../warehouse/types.js';
import { DEPARTMENT_CATEGORIES, HOUSE_ACCOUNT_TENDERS, HOUSE_ACCOUNT_TENDER_SUB_TYPES } from './rollups.js';
import { reportDays, reportDepartments, reportDiscounts, reportHours, reportItems, reportMix, reportStaff, reportTenders } from './schema.js';

// The rollups of one site-day computed from the rows in hand, as `replaceSiteDay` writes them: the
// same figures as the SQL of `rollupInserts` (a test holds the two equal), without reading back and
// grouping what was just inserted, which on the embedded database cost as much as the insert itself.

/** Each rollup table and the part of `rollupRowsOf`'s answer it holds. */
const ROLLUPS = [
  [reportDays, 'days'],
  [reportMix, 'mix'],
  [reportDepartments, 'departments'],
  [reportItems, 'items'],
  [reportTenders, 'tenders'],
  [reportHours, 'hours'],
  [reportStaff, 'staff'],
  [reportDiscounts, 'discounts'],
] as const satisfies ReadonlyArray<readonly [PgTable, keyof ReturnType<typeof rollupRowsOf>]>;
const HOUSE_TENDERS = new Set<string>(HOUSE_ACCOUNT_TENDERS);
const HOUSE_SUB_TYPES = new Set<string>(HOUSE_ACCOUNT_TENDER_SUB_TYPES);

/** Sums into `map` under `key`, starting from `zero()`. */
function add<T>(map: Map<string, T>, key: string, zero: () => T, update: (row: T) => void): void {
  let row = map.get(key);
  if (!row) map.set(key, (row = zero()));
  update(row);
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The hour (0–23) of `at` on the site's clock. */
function localHour(at: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) hourFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' })));
  return Number(format.formatToParts(at).find((part) => part.type === 'hour')?.value ?? 0) % 24;
}

function categoriesOf(t: WarehouseTransaction): string[] {
  const categories = new Set<string>();
  for (const item of t.items) {
    const category = DEPARTMENT_CATEGORIES[item.department];
    if (category) categories.add(category);
  }
  if (t.tenders.some((n) => HOUSE_TENDERS.has(n.tender) || (n.tenderSubType !== null && HOUSE_SUB_TYPES.has(n.tenderSubType)))) categories.add('house-account');
  return categories.size === 0 ? ['other'] : [...categories];
}

/** Every rollup row of one site-day's transactions (all of them of `key`). */
export function rollupRowsOf(key: SiteDayKey, transactions: readonly WarehouseTransaction[]) {
  const at = { siteCode: key.siteCode, day: key.day };
  const days = transactions.length === 0 ? [] : [{ ...at, transactions: 0, revenueCents: 0, recurringSales: 0, recurringPayments: 0, recurringRedemptions: 0, prepaidSales: 0, prepaidRedemptions: 0, planSales: 0, planRedemptions: 0, v2Known: 0, washes: 0, memberWashes: 0, membershipRevenueCents: 0 }];
  const mix = new Map<string, { category: string; transactions: number; revenueCents: number }>();
  const departments = new Map<string, { department: string; quantity: number; transactions: number; netCents: number }>();
  const items = new Map<string, { name: string; department: string; quantity: number; netCents: number }>();
  const tenders = new Map<string, { tender: string; tenderSubType: string | null; count: number; amountCents: number; changeCents: number }>();
  const hours = new Map<string, { hour: number; transactions: number; revenueCents: number }>();
  const staff = new Map<string, { employee: string; role: string; transactions: number; revenueCents: number; membershipSales: number }>();
  const discounts = new Map<string, { discountName: string; uses: number; amountCents: number }>();

  for (const t of transactions) {
    const day = days[0];
    if (day) {
      const wash = t.items.some((i) => i.department === 'Wash');
      day.transactions += 1;
      day.revenueCents += t.totalCents;
      day.recurringSales += Number(t.isRecurringSale);
      day.recurringPayments += Number(t.isRecurringPayment);
      day.recurringRedemptions += Number(t.isRecurringRedemption);
      day.prepaidSales += Number(t.isPrepaidSale);
      day.prepaidRedemptions += Number(t.isPrepaidRedemption);
      day.planSales += Number(t.isRecurringPlanSale === true);
      day.planRedemptions += Number(t.isRecurringPlanRedemption === true);
      day.v2Known += Number(t.isRecurringPlanSale !== null || t.isRecurringPlanRedemption !== null);
      day.washes += Number(wash);
      day.memberWashes += Number(wash && (t.isRecurringRedemption || t.isPrepaidRedemption));
      if (t.isRecurringSale || t.isRecurringPayment) day.membershipRevenueCents += t.totalCents;
    }
    for (const category of categoriesOf(t)) {
      add(mix, category, () => ({ category, transactions: 0, revenueCents: 0 }), (r) => ((r.transactions += 1), (r.revenueCents += t.totalCents)));
    }
    const departmentsHere = new Set<string>();
    for (const item of t.items) {
      if (item.isVoided) continue;
      departmentsHere.add(item.department);
      add(departments, item.department, () => ({ department: item.department, quantity: 0, transactions: 0, netCents: 0 }), (r) => ((r.quantity += item.quantity), (r.netCents += item.netCents)));
      add(items, JSON.stringify([item.name, item.department]), () => ({ name: item.name, department: item.department, quantity: 0, netCents: 0 }), (r) => ((r.quantity += item.quantity), (r.netCents += item.netCents)));
    }
    for (const department of departmentsHere) (departments.get(department) as { transactions: number }).transactions += 1;
    for (const n of t.tenders) {
      add(tenders, JSON.stringify([n.tender, n.tenderSubType]), () => ({ tender: n.tender, tenderSubType: n.tenderSubType, count: 0, amountCents: 0, changeCents: 0 }), (r) => {
        r.count += 1;
        r.amountCents += n.amountCents;
        r.changeCents += n.changeCents;
      });
    }
    const hour = localHour(t.completedAt, t.timeZone);
    add(hours, String(hour), () => ({ hour, transactions: 0, revenueCents: 0 }), (r) => ((r.transactions += 1), (r.revenueCents += t.totalCents)));
    const membershipSale = t.isRecurringSale || t.isPrepaidSale || t.isRecurringPlanSale === true;
    for (const [employee, role] of [[t.employeeCashier, 'cashier'], [t.employeeGreeter, 'greeter']] as const) {
      if (employee === null || employee === '') continue;
      add(staff, JSON.stringify([employee, role]), () => ({ employee, role, transactions: 0, revenueCents: 0, membershipSales: 0 }), (r) => {
        r.transactions += 1;
        r.revenueCents += t.totalCents;
        r.membershipSales += Number(membershipSale);
      });
    }
    for (const d of t.discounts) {
      add(discounts, d.discountName, () => ({ discountName: d.discountName, uses: 0, amountCents: 0 }), (r) => ((r.uses += 1), (r.amountCents += d.amountCents)));
    }
  }
  const rows = <T>(map: Map<string, T>) => [...map.values()].map((row) => ({ ...at, ...row }));
  return {
    days,
    mix: rows(mix),
    departments: rows(departments),
    items: rows(items),
    tenders: rows(tenders),
    hours: rows(hours),
    staff: rows(staff),
    discounts: rows(discounts),
  };
}

/**
 * Replaces one site-day's rollups with those of `transactions`; runs inside the caller's transaction.
 * Two statements (every table's delete, then every table's insert, as `with` steps), not sixteen: on
 * the embedded database each statement is a round trip through its socket.
 */
export async function writeRollups(tx: StoreDb, key: SiteDayKey, transactions: readonly WarehouseTransaction[]): Promise<void> {
  const deletes = ROLLUPS.map(([table], i) => sql`${sql.identifier(`d${i}`)} as (delete from ${table} where site_code = ${key.siteCode} and day = ${key.day})`);
  await tx.execute(sql`with ${sql.join(deletes, sql`, `)} select 1`);
  const rows = rollupRowsOf(key, transactions);
  const inserts = ROLLUPS.filter(([, part]) => rows[part].length > 0).map(
    ([table, part], i) => sql`${sql.identifier(`i${i}`)} as (${insertRowsStatement(table, rows[part] as Array<Record<string, unknown>>)})`,
  );
  if (inserts.length > 0) await tx.execute(sql`with ${sql.join(inserts, sql`, `)} select 1`);
}
