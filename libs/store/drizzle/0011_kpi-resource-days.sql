-- The rollups of rows already stored are built right after this migration, in its transaction, by the code
-- (src/migrate.ts, AFTER_MIGRATION): a local day needs the zones' rules (src/warehouse/zones.ts).
CREATE TABLE "wh_kpi_advisor_days" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"employee_id" text NOT NULL,
	"employee_name" text NOT NULL,
	"offers" integer NOT NULL,
	"conversions" integer NOT NULL,
	CONSTRAINT "wh_kpi_advisor_days_pkey" PRIMARY KEY("site_code","day","employee_id")
);
--> statement-breakpoint
CREATE TABLE "wh_kpi_labor_days" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"shifts" integer NOT NULL,
	"regular_hours" double precision NOT NULL,
	"overtime_hours" double precision NOT NULL,
	"labor_cost_cents" bigint NOT NULL,
	"open_shifts" integer NOT NULL,
	"modified_punches" integer NOT NULL,
	CONSTRAINT "wh_kpi_labor_days_pkey" PRIMARY KEY("site_code","day")
);
--> statement-breakpoint
CREATE TABLE "wh_kpi_member_days" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"activations" integer NOT NULL,
	"exits" integer NOT NULL,
	CONSTRAINT "wh_kpi_member_days_pkey" PRIMARY KEY("site_code","day")
);
--> statement-breakpoint
CREATE TABLE "wh_kpi_member_spells" (
	"membership_id" text NOT NULL,
	"position" integer NOT NULL,
	"site_code" text NOT NULL,
	"plan" text NOT NULL,
	"join_month" date NOT NULL,
	"started" date NOT NULL,
	"started_month" date NOT NULL,
	"ended" date,
	"ended_month" date,
	"exit" text,
	CONSTRAINT "wh_kpi_member_spells_pkey" PRIMARY KEY("membership_id","position")
);
--> statement-breakpoint
CREATE INDEX "wh_kpi_member_spells_started_idx" ON "wh_kpi_member_spells" USING btree ("site_code","started");--> statement-breakpoint
CREATE INDEX "wh_kpi_member_spells_ended_idx" ON "wh_kpi_member_spells" USING btree ("site_code","ended");--> statement-breakpoint
CREATE INDEX "wh_kpi_member_spells_cohort_idx" ON "wh_kpi_member_spells" USING btree ("site_code","join_month");--> statement-breakpoint
CREATE INDEX "wh_clock_entries_site_idx" ON "wh_clock_entries" USING btree ("site_code","clock_in");--> statement-breakpoint
CREATE INDEX "wh_sales_outcomes_site_idx" ON "wh_sales_outcomes" USING btree ("site_id","at");