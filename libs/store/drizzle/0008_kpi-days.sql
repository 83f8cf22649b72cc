CREATE TABLE "wh_kpi_days" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"cars" integer NOT NULL,
	"member_cars" integer NOT NULL,
	"plan_sale_cars" integer NOT NULL,
	"prepaid_cars" integer NOT NULL,
	"fleet_cars" integer NOT NULL,
	"retail_cars" integer NOT NULL,
	"free_cars" integer NOT NULL,
	"retail_revenue_cents" bigint NOT NULL,
	"redemptions" integer NOT NULL,
	"redemption_revenue_cents" bigint NOT NULL,
	"new_membership_revenue_cents" bigint NOT NULL,
	CONSTRAINT "wh_kpi_days_pkey" PRIMARY KEY("site_code","day")
);
--> statement-breakpoint
CREATE INDEX "wh_kpi_days_day_idx" ON "wh_kpi_days" USING btree ("day");
--> statement-breakpoint
-- Fill the rollup from rows already stored, with the very statement the sync runs per site-day (src/kpis/rollups.ts).
insert into wh_kpi_days (site_code, day, cars, member_cars, plan_sale_cars, prepaid_cars, fleet_cars, retail_cars, free_cars, retail_revenue_cents, redemptions, redemption_revenue_cents, new_membership_revenue_cents)
select t.site_code, t.day, count(*) filter (where k.car),
  count(*) filter (where k.kind = 'member'), count(*) filter (where k.kind = 'plan-sale'), count(*) filter (where k.kind = 'prepaid'),
  count(*) filter (where k.kind = 'fleet'), count(*) filter (where k.kind = 'retail'), count(*) filter (where k.kind = 'retail' and t.total_cents = 0),
  coalesce(sum(t.total_cents) filter (where k.kind = 'retail'), 0),
  count(*) filter (where t.is_recurring_redemption), coalesce(sum(t.total_cents) filter (where t.is_recurring_redemption), 0),
  coalesce(sum(t.total_cents) filter (where t.is_recurring_sale), 0)
from wh_transactions t
cross join lateral (
  select t.type in ('Sale', 'Rewash') and exists (select 1 from wh_items i where i.transaction_id = t.id and i.department = 'Wash' and not i.is_voided) as car,
    exists (select 1 from wh_tenders n where n.transaction_id = t.id and (n.tender in ('Paid On Account') or n.tender_sub_type in ('House Account Card', 'House Account RFID'))) as fleet
) c
cross join lateral (
  select c.car, case when not c.car then null
    when t.is_recurring_redemption then 'member'
    when t.is_recurring_sale then 'plan-sale'
    when t.is_prepaid_redemption then 'prepaid'
    when c.fleet then 'fleet'
    else 'retail' end as kind
) k
where true
group by t.site_code, t.day;
