import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { StoreDb } from '../connection.js';
import type { SiteDayKey } from '../warehouse/types.js';

// The statements that fill the report rollups from the warehouse's rows (README, "Reports"). The same
// text, over every row, is the backfill in migration 0006 (a test keeps the two equal).

/** Every rollup table, each keyed by (site_code, day, …). */
export const ROLLUP_TABLES = [
  'wh_report_days',
  'wh_report_mix',
  'wh_report_departments',
  'wh_report_items',
  'wh_report_tenders',
  'wh_report_hours',
  'wh_report_staff',
  'wh_report_discounts',
] as const;

/**
 * Item departments naming a Data API `item_type` list (contract §2.2; the simulator's DEPARTMENT_TYPE).
 * A house-account tender (`Paid On Account`, or the sub-types `House Account Card`/`House Account RFID`)
 * also puts a transaction in `house-account`: a charge to a fleet account carries wash items only.
 */
export const DEPARTMENT_CATEGORIES: Readonly<Record<string, string>> = {
  Wash: 'wash',
  'Prepaid Wash': 'prepaid-wash',
  'Recurring Plan': 'recurring',
  WashBook: 'washbook',
  GiftCard: 'giftcard',
  Merchandise: 'merchandise',
  'House Account': 'house-account',
};
export const HOUSE_ACCOUNT_TENDERS = ['Paid On Account'] as const;
export const HOUSE_ACCOUNT_TENDER_SUB_TYPES = ['House Account Card', 'House Account RFID'] as const;

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;
const departmentCase = `case i.department ${Object.entries(DEPARTMENT_CATEGORIES)
  .map(([department, category]) => `when ${quoted(department)} then ${quoted(category)}`)
  .join(' ')} end`;
const houseAccountTender = `(n.tender in (${HOUSE_ACCOUNT_TENDERS.map(quoted).join(', ')}) or n.tender_sub_type in (${HOUSE_ACCOUNT_TENDER_SUB_TYPES.map(quoted).join(', ')}))`;

/** The insert … select statements for the transactions `t` matching `scope` (a condition on `t`). */
export function rollupInserts(scope: SQL): SQL[] {
  const raw = sql.raw;
  return [
    sql`insert into wh_report_days (site_code, day, transactions, revenue_cents, recurring_sales, recurring_payments, recurring_redemptions, prepaid_sales, prepaid_redemptions, plan_sales, plan_redemptions, v2_known, washes, member_washes, membership_revenue_cents)
select t.site_code, t.day, count(*), sum(t.total_cents),
  count(*) filter (where t.is_recurring_sale), count(*) filter (where t.is_recurring_payment), count(*) filter (where t.is_recurring_redemption),
  count(*) filter (where t.is_prepaid_sale), count(*) filter (where t.is_prepaid_redemption),
  count(*) filter (where t.is_recurring_plan_sale), count(*) filter (where t.is_recurring_plan_redemption),
  count(*) filter (where t.is_recurring_plan_sale is not null or t.is_recurring_plan_redemption is not null),
  count(*) filter (where w.wash), count(*) filter (where w.wash and (t.is_recurring_redemption or t.is_prepaid_redemption)),
  coalesce(sum(t.total_cents) filter (where t.is_recurring_sale or t.is_recurring_payment), 0)
from wh_transactions t
cross join lateral (select exists (select 1 from wh_items i where i.transaction_id = t.id and i.department = 'Wash') as wash) w
where ${scope}
group by t.site_code, t.day`,
    sql`insert into wh_report_mix (site_code, day, category, transactions, revenue_cents)
select t.site_code, t.day, c.category, count(*), sum(t.total_cents)
from wh_transactions t
cross join lateral (
  select array(
    select x.category from (
      select ${raw(departmentCase)} as category from wh_items i where i.transaction_id = t.id
      union
      select 'house-account' from wh_tenders n where n.transaction_id = t.id and ${raw(houseAccountTender)}
    ) x where x.category is not null
  ) as categories
) a
cross join lateral unnest(case when cardinality(a.categories) = 0 then array['other'] else a.categories end) c(category)
where ${scope}
group by t.site_code, t.day, c.category`,
    sql`insert into wh_report_departments (site_code, day, department, quantity, transactions, net_cents)
select t.site_code, t.day, i.department, sum(i.quantity), count(distinct t.id), sum(i.net_cents)
from wh_transactions t join wh_items i on i.transaction_id = t.id
where ${scope} and not i.is_voided
group by t.site_code, t.day, i.department`,
    sql`insert into wh_report_items (site_code, day, name, department, quantity, net_cents)
select t.site_code, t.day, i.name, i.department, sum(i.quantity), sum(i.net_cents)
from wh_transactions t join wh_items i on i.transaction_id = t.id
where ${scope} and not i.is_voided
group by t.site_code, t.day, i.name, i.department`,
    sql`insert into wh_report_tenders (site_code, day, tender, tender_sub_type, count, amount_cents, change_cents)
select t.site_code, t.day, n.tender, n.tender_sub_type, count(*), sum(n.amount_cents), sum(n.change_cents)
from wh_transactions t join wh_tenders n on n.transaction_id = t.id
where ${scope}
group by t.site_code, t.day, n.tender, n.tender_sub_type`,
    sql`insert into wh_report_hours (site_code, day, hour, transactions, revenue_cents)
select t.site_code, t.day, extract(hour from t.completed_at at time zone t.time_zone)::integer, count(*), sum(t.total_cents)
from wh_transactions t
where ${scope}
group by t.site_code, t.day, 3`,
    sql`insert into wh_report_staff (site_code, day, employee, role, transactions, revenue_cents, membership_sales)
select t.site_code, t.day, s.employee, s.role, count(*), sum(t.total_cents),
  count(*) filter (where t.is_recurring_sale or t.is_prepaid_sale or t.is_recurring_plan_sale is true)
from wh_transactions t
cross join lateral (values (t.employee_cashier, 'cashier'), (t.employee_greeter, 'greeter')) s(employee, role)
where ${scope} and s.employee is not null and s.employee <> ''
group by t.site_code, t.day, s.employee, s.role`,
    sql`insert into wh_report_discounts (site_code, day, discount_name, uses, amount_cents)
select t.site_code, t.day, d.discount_name, count(*), sum(d.amount_cents)
from wh_transactions t join wh_discounts d on d.transaction_id = t.id
where ${scope}
group by t.site_code, t.day, d.discount_name`,
  ];
}

/** The backfill of every rollup from every stored row, as plain SQL (migration 0006 holds this text). */
export function backfillSql(): string[] {
  const dialect = new PgDialect();
  return rollupInserts(sql.raw('true')).map((statement) => dialect.sqlToQuery(statement).sql);
}

/** Rewrites the rollups of the given site-days from their rows; runs inside the caller's transaction. */
export async function refreshRollups(tx: StoreDb, keys: readonly SiteDayKey[]): Promise<void> {
  for (const key of keys) {
    for (const table of ROLLUP_TABLES) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where site_code = ${key.siteCode} and day = ${key.day}`);
    }
    const scope = sql`t.site_code = ${key.siteCode} and t.day = ${key.day}`;
    for (const statement of rollupInserts(scope)) await tx.execute(statement);
  }
}
