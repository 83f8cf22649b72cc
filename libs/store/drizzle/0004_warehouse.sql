CREATE TABLE "rate_budget_slots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_budget_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"hold_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_budgets" (
	"key" text PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wh_discounts" (
	"transaction_id" text NOT NULL,
	"position" integer NOT NULL,
	"discount_name" text NOT NULL,
	"discount_sku" text,
	"applied_to_item_name" text,
	"amount_cents" bigint NOT NULL,
	"discount_code" text,
	CONSTRAINT "wh_discounts_pkey" PRIMARY KEY("transaction_id","position")
);
--> statement-breakpoint
CREATE TABLE "wh_items" (
	"transaction_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"department" text NOT NULL,
	"quantity" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"additional_fee_cents" bigint NOT NULL,
	"is_voided" boolean NOT NULL,
	CONSTRAINT "wh_items_pkey" PRIMARY KEY("transaction_id","position")
);
--> statement-breakpoint
CREATE TABLE "wh_sites" (
	"site_code" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"region_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wh_sync_control" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone,
	CONSTRAINT "wh_sync_control_single_row" CHECK ("wh_sync_control"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "wh_sync_units" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"records" integer,
	"vendor_total" integer,
	"synced_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_code" text,
	"claimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wh_sync_units_pkey" PRIMARY KEY("site_code","day"),
	CONSTRAINT "wh_sync_units_state_check" CHECK ("wh_sync_units"."state" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "wh_tenders" (
	"transaction_id" text NOT NULL,
	"position" integer NOT NULL,
	"tender" text NOT NULL,
	"tender_sub_type" text,
	"amount_cents" bigint NOT NULL,
	"change_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"reference_number" text,
	"card_last_four" text,
	CONSTRAINT "wh_tenders_pkey" PRIMARY KEY("transaction_id","position"),
	CONSTRAINT "wh_tenders_card_last_four_check" CHECK ("wh_tenders"."card_last_four" is null or "wh_tenders"."card_last_four" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "wh_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"time_zone" text NOT NULL,
	"number" bigint NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"sales_device_name" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"customer_name" text,
	"customer_id" text,
	"vehicle_license_plate" text,
	"employee_cashier" text,
	"employee_greeter" text,
	"is_recurring_payment" boolean NOT NULL,
	"is_recurring_redemption" boolean NOT NULL,
	"is_recurring_sale" boolean NOT NULL,
	"is_prepaid_redemption" boolean NOT NULL,
	"is_prepaid_sale" boolean NOT NULL,
	"is_recurring_plan_sale" boolean,
	"is_recurring_plan_redemption" boolean,
	"transaction_status" text
);
--> statement-breakpoint
ALTER TABLE "wh_discounts" ADD CONSTRAINT "wh_discounts_transaction_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wh_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_items" ADD CONSTRAINT "wh_items_transaction_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wh_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_tenders" ADD CONSTRAINT "wh_tenders_transaction_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wh_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_budget_slots_key_idx" ON "rate_budget_slots" USING btree ("key","sent_at");--> statement-breakpoint
CREATE INDEX "wh_sync_units_day_idx" ON "wh_sync_units" USING btree ("day","site_code");--> statement-breakpoint
CREATE INDEX "wh_sync_units_state_idx" ON "wh_sync_units" USING btree ("state");--> statement-breakpoint
CREATE INDEX "wh_transactions_site_day_idx" ON "wh_transactions" USING btree ("site_code","day");--> statement-breakpoint
CREATE INDEX "wh_transactions_completed_idx" ON "wh_transactions" USING btree ("completed_at","id");--> statement-breakpoint
CREATE INDEX "wh_transactions_site_completed_idx" ON "wh_transactions" USING btree ("site_code","completed_at");