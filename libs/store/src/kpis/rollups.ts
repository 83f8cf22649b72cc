import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { StoreDb } from '../connection.js';
import { HOUSE_ACCOUNT_TENDERS, HOUSE_ACCOUNT_TENDER_SUB_TYPES } from '../reports/rollups.js';
import type { SiteDayKey } from '../warehouse/types.js';

// The statement that fills `wh_kpi_days` from the warehouse's rows (README, "The operator's numbers"). The same text
// over every row is the backfill in migration 0008 (a test keeps the two equal).

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;
const fleetTender = `n.tender in (${HOUSE_ACCOUNT_TENDERS.map(quoted).join(', ')}) or n.tender_sub_type in (${HOUSE_ACCOUNT_TENDER_SUB_TYPES.map(quoted).join(', ')})`;

/** The insert … select of the KPI rollup for the transactions `t` matching `scope` (a condition on `t`). */
export function kpiRollupInsert(scope: SQL): SQL {
  return sql`insert into wh_kpi_days (site_code, day, cars, member_cars, plan_sale_cars, prepaid_cars, fleet_cars, retail_cars, free_cars, retail_revenue_cents, redemptions, redemption_revenue_cents, new_membership_revenue_cents)
select t.site_code, t.day, count(*) filter (where k.car),
  count(*) filter (where k.kind = 'member'), count(*) filter (where k.kind = 'plan-sale'), count(*) filter (where k.kind = 'prepaid'),
  count(*) filter (where k.kind = 'fleet'), count(*) filter (where k.kind = 'retail'), count(*) filter (where k.kind = 'retail' and t.total_cents = 0),
  coalesce(sum(t.total_cents) filter (where k.kind = 'retail'), 0),
  count(*) filter (where t.is_recurring_redemption), coalesce(sum(t.total_cents) filter (where t.is_recurring_redemption), 0),
  coalesce(sum(t.total_cents) filter (where t.is_recurring_sale), 0)
from wh_transactions t
cross join lateral (
  select t.type in ('Sale', 'Rewash') and exists (select 1 from wh_items i where i.transaction_id = t.id and i.department = 'Wash' and not i.is_voided) as car,
    exists (select 1 from wh_tenders n where n.transaction_id = t.id and (${sql.raw(fleetTender)})) as fleet
) c
cross join lateral (
  select c.car, case when not c.car then null
    when t.is_recurring_redemption then 'member'
    when t.is_recurring_sale then 'plan-sale'
    when t.is_prepaid_redemption then 'prepaid'
    when c.fleet then 'fleet'
    else 'retail' end as kind
) k
where ${scope}
group by t.site_code, t.day`;
}

/** The backfill of `wh_kpi_days` from every stored row, as plain SQL (migration 0008 holds this text). */
export function kpiBackfillSql(): string {
  return new PgDialect().sqlToQuery(kpiRollupInsert(sql.raw('true'))).sql;
}

/** Rewrites the KPI rollup of the given site-days from their rows; runs inside the caller's transaction. */
export async function refreshKpiRollup(tx: StoreDb, keys: readonly SiteDayKey[]): Promise<void> {
  for (const key of keys) {
    await tx.execute(sql`delete from wh_kpi_days where site_code = ${key.siteCode} and day = ${key.day}`);
    await tx.execute(kpiRollupInsert(sql`t.site_code = ${key.siteCode} and t.day = ${key.day}`));
  }
}
