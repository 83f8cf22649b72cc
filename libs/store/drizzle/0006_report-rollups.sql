CREATE TABLE "wh_report_days" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"transactions" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"recurring_sales" integer NOT NULL,
	"recurring_payments" integer NOT NULL,
	"recurring_redemptions" integer NOT NULL,
	"prepaid_sales" integer NOT NULL,
	"prepaid_redemptions" integer NOT NULL,
	"plan_sales" integer NOT NULL,
	"plan_redemptions" integer NOT NULL,
	"v2_known" integer NOT NULL,
	"washes" integer NOT NULL,
	"member_washes" integer NOT NULL,
	"membership_revenue_cents" bigint NOT NULL,
	CONSTRAINT "wh_report_days_pkey" PRIMARY KEY("site_code","day")
);
--> statement-breakpoint
CREATE TABLE "wh_report_departments" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"department" text NOT NULL,
	"quantity" integer NOT NULL,
	"transactions" integer NOT NULL,
	"net_cents" bigint NOT NULL,
	CONSTRAINT "wh_report_departments_pkey" PRIMARY KEY("site_code","day","department")
);
--> statement-breakpoint
CREATE TABLE "wh_report_discounts" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"discount_name" text NOT NULL,
	"uses" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "wh_report_discounts_pkey" PRIMARY KEY("site_code","day","discount_name")
);
--> statement-breakpoint
CREATE TABLE "wh_report_hours" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"hour" integer NOT NULL,
	"transactions" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "wh_report_hours_pkey" PRIMARY KEY("site_code","day","hour")
);
--> statement-breakpoint
CREATE TABLE "wh_report_items" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"department" text NOT NULL,
	"quantity" integer NOT NULL,
	"net_cents" bigint NOT NULL,
	CONSTRAINT "wh_report_items_pkey" PRIMARY KEY("site_code","day","name","department")
);
--> statement-breakpoint
CREATE TABLE "wh_report_mix" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"transactions" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "wh_report_mix_pkey" PRIMARY KEY("site_code","day","category")
);
--> statement-breakpoint
CREATE TABLE "wh_report_staff" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"employee" text NOT NULL,
	"role" text NOT NULL,
	"transactions" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"membership_sales" integer NOT NULL,
	CONSTRAINT "wh_report_staff_pkey" PRIMARY KEY("site_code","day","employee","role")
);
--> statement-breakpoint
CREATE TABLE "wh_report_tenders" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"tender" text NOT NULL,
	"tender_sub_type" text,
	"count" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"change_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wh_report_days_day_idx" ON "wh_report_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "wh_report_tenders_site_day_idx" ON "wh_report_tenders" USING btree ("site_code","day");--> statement-breakpoint
-- The rollups of the rows already stored: the text of src/reports/rollups.ts backfillSql() (a test keeps them equal).
insert into wh_report_days (site_code, day, transactions, revenue_cents, recurring_sales, recurring_payments, recurring_redemptions, prepaid_sales, prepaid_redemptions, plan_sales, plan_redemptions, v2_known, washes, member_washes, membership_revenue_cents)
select t.site_code, t.day, count(*), sum(t.total_cents),
  count(*) filter (where t.is_recurring_sale), count(*) filter (where t.is_recurring_payment), count(*) filter (where t.is_recurring_redemption),
  count(*) filter (where t.is_prepaid_sale), count(*) filter (where t.is_prepaid_redemption),
  count(*) filter (where t.is_recurring_plan_sale), count(*) filter (where t.is_recurring_plan_redemption),
  count(*) filter (where t.is_recurring_plan_sale is not null or t.is_recurring_plan_redemption is not null),
  count(*) filter (where w.wash), count(*) filter (where w.wash and (t.is_recurring_redemption or t.is_prepaid_redemption)),
  coalesce(sum(t.total_cents) filter (where t.is_recurring_sale or t.is_recurring_payment), 0)
from wh_transactions t
cross join lateral (select exists (select 1 from wh_items i where i.transaction_id = t.id and i.department = 'Wash') as wash) w
where true
group by t.site_code, t.day;
--> statement-breakpoint
insert into wh_report_mix (site_code, day, category, transactions, revenue_cents)
select t.site_code, t.day, c.category, count(*), sum(t.total_cents)
from wh_transactions t
cross join lateral (
  select array(
    select x.category from (
      select case i.department when 'Wash' then 'wash' when 'Prepaid Wash' then 'prepaid-wash' when 'Recurring Plan' then 'recurring' when 'WashBook' then 'washbook' when 'GiftCard' then 'giftcard' when 'Merchandise' then 'merchandise' when 'House Account' then 'house-account' end as category from wh_items i where i.transaction_id = t.id
      union
      select 'house-account' from wh_tenders n where n.transaction_id = t.id and (n.tender in ('Paid On Account') or n.tender_sub_type in ('House Account Card', 'House Account RFID'))
    ) x where x.category is not null
  ) as categories
) a
cross join lateral unnest(case when cardinality(a.categories) = 0 then array['other'] else a.categories end) c(category)
where true
group by t.site_code, t.day, c.category;
--> statement-breakpoint
insert into wh_report_departments (site_code, day, department, quantity, transactions, net_cents)
select t.site_code, t.day, i.department, sum(i.quantity), count(distinct t.id), sum(i.net_cents)
from wh_transactions t join wh_items i on i.transaction_id = t.id
where true and not i.is_voided
group by t.site_code, t.day, i.department;
--> statement-breakpoint
insert into wh_report_items (site_code, day, name, department, quantity, net_cents)
select t.site_code, t.day, i.name, i.department, sum(i.quantity), sum(i.net_cents)
from wh_transactions t join wh_items i on i.transaction_id = t.id
where true and not i.is_voided
group by t.site_code, t.day, i.name, i.department;
--> statement-breakpoint
insert into wh_report_tenders (site_code, day, tender, tender_sub_type, count, amount_cents, change_cents)
select t.site_code, t.day, n.tender, n.tender_sub_type, count(*), sum(n.amount_cents), sum(n.change_cents)
from wh_transactions t join wh_tenders n on n.transaction_id = t.id
where true
group by t.site_code, t.day, n.tender, n.tender_sub_type;
--> statement-breakpoint
insert into wh_report_hours (site_code, day, hour, transactions, revenue_cents)
select t.site_code, t.day, extract(hour from t.completed_at at time zone t.time_zone)::integer, count(*), sum(t.total_cents)
from wh_transactions t
where true
group by t.site_code, t.day, 3;
--> statement-breakpoint
insert into wh_report_staff (site_code, day, employee, role, transactions, revenue_cents, membership_sales)
select t.site_code, t.day, s.employee, s.role, count(*), sum(t.total_cents),
  count(*) filter (where t.is_recurring_sale or t.is_prepaid_sale or t.is_recurring_plan_sale is true)
from wh_transactions t
cross join lateral (values (t.employee_cashier, 'cashier'), (t.employee_greeter, 'greeter')) s(employee, role)
where true and s.employee is not null and s.employee <> ''
group by t.site_code, t.day, s.employee, s.role;
--> statement-breakpoint
insert into wh_report_discounts (site_code, day, discount_name, uses, amount_cents)
select t.site_code, t.day, d.discount_name, count(*), sum(d.amount_cents)
from wh_transactions t join wh_discounts d on d.transaction_id = t.id
where true
group by t.site_code, t.day, d.discount_name;
