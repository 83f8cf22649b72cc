CREATE TABLE "wh_catalog_items" (
	"sku" text NOT NULL,
	"site_location" text NOT NULL,
	"name" text NOT NULL,
	"department_name" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"cost_cents" bigint,
	"is_prompt_for_price" boolean NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wh_catalog_items_pkey" PRIMARY KEY("sku","site_location")
);
--> statement-breakpoint
CREATE TABLE "wh_clock_entries" (
	"employee_id" integer NOT NULL,
	"window_start" date NOT NULL,
	"week" text NOT NULL,
	"clock_in" timestamp with time zone,
	"clock_out" timestamp with time zone,
	"regular_rate_cents" bigint NOT NULL,
	"regular_hours" double precision NOT NULL,
	"overtime_eligible" boolean NOT NULL,
	"overtime_rate_cents" bigint NOT NULL,
	"overtime_hours" double precision NOT NULL,
	"was_modified" boolean NOT NULL,
	"modified_at" timestamp with time zone,
	"created_in_back_office" boolean NOT NULL,
	"site_code" text
);
--> statement-breakpoint
CREATE TABLE "wh_customers" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"number" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"phone_digits" text,
	"is_active" boolean NOT NULL,
	"created_at" timestamp with time zone,
	"modified_at" timestamp with time zone,
	"email" text,
	"company_name" text,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"country" text,
	"postal_code" text,
	"birth_date" date,
	"allow_sms" boolean,
	"detail_synced_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wh_employees" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"active" boolean,
	"start_date" text,
	"phone" text,
	"email" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wh_gift_cards" (
	"giftcard_id" text PRIMARY KEY NOT NULL,
	"site_code" text,
	"sold_at" timestamp with time zone,
	"number" text NOT NULL,
	"value_cents" bigint NOT NULL,
	"used_cents" bigint NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wh_membership_billings" (
	"membership_id" text NOT NULL,
	"position" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"card_last_four" text,
	"card_expiry" text,
	CONSTRAINT "wh_membership_billings_pkey" PRIMARY KEY("membership_id","position"),
	CONSTRAINT "wh_membership_billings_card_check" CHECK ("wh_membership_billings"."card_last_four" is null or "wh_membership_billings"."card_last_four" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "wh_membership_modifications" (
	"membership_id" text NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"comment" text,
	CONSTRAINT "wh_membership_modifications_pkey" PRIMARY KEY("membership_id","at","type")
);
--> statement-breakpoint
CREATE TABLE "wh_membership_statuses" (
	"membership_id" text NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "wh_membership_statuses_pkey" PRIMARY KEY("membership_id","position")
);
--> statement-breakpoint
CREATE TABLE "wh_membership_tags" (
	"membership_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"number" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "wh_membership_tags_pkey" PRIMARY KEY("membership_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "wh_membership_vehicles" (
	"membership_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"plate" text,
	CONSTRAINT "wh_membership_vehicles_pkey" PRIMARY KEY("membership_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "wh_memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"name" text,
	"sign_up_at" timestamp with time zone,
	"cancel_at" timestamp with time zone,
	"billing_site_id" integer,
	"billing_site_code" text,
	"status" integer,
	"status_name" text,
	"plan_name" text,
	"creation_site_code" text,
	"is_on_trial" boolean,
	"trial_amount_cents" bigint,
	"billing_amount_cents" bigint,
	"additional_tag_price_cents" bigint,
	"next_bill_at" timestamp with time zone,
	"last_bill_at" timestamp with time zone,
	"is_suspended" boolean,
	"suspended_until" timestamp with time zone,
	"detail_synced_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wh_resource_sync" (
	"resource" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"window_start" date NOT NULL,
	"window_end" date NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"records" integer,
	"vendor_total" integer,
	"synced_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_code" text,
	"claimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wh_resource_sync_pkey" PRIMARY KEY("resource","scope","window_start","window_end"),
	CONSTRAINT "wh_resource_sync_state_check" CHECK ("wh_resource_sync"."state" in ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "wh_resource_sync_window_check" CHECK ("wh_resource_sync"."window_end" >= "wh_resource_sync"."window_start")
);
--> statement-breakpoint
CREATE TABLE "wh_sales_outcomes" (
	"at" timestamp with time zone NOT NULL,
	"employee_id" text NOT NULL,
	"adp_id" text,
	"employee_name" text NOT NULL,
	"site_id" integer NOT NULL,
	"site" text NOT NULL,
	"is_converted" boolean NOT NULL,
	"item_id" text NOT NULL,
	"item_name" text,
	"item_price_cents" bigint,
	"terminal_name" text NOT NULL,
	CONSTRAINT "wh_sales_outcomes_pkey" PRIMARY KEY("at","employee_id","site_id","item_id","terminal_name")
);
--> statement-breakpoint
CREATE TABLE "wh_status_changes" (
	"membership_id" text NOT NULL,
	"washbook_account_id" text,
	"old_status" text,
	"new_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"employee_name" text,
	"site_code" text,
	CONSTRAINT "wh_status_changes_pkey" PRIMARY KEY("membership_id","at","new_status")
);
--> statement-breakpoint
CREATE TABLE "wh_washbooks" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"name" text,
	"balance" integer,
	"unlimited" boolean NOT NULL,
	"sign_up_at" timestamp with time zone NOT NULL,
	"cancel_at" timestamp with time zone,
	"billing_site_id" integer NOT NULL,
	"status" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wh_clock_entries_employee_idx" ON "wh_clock_entries" USING btree ("employee_id","clock_in");--> statement-breakpoint
CREATE INDEX "wh_clock_entries_clock_in_idx" ON "wh_clock_entries" USING btree ("clock_in");--> statement-breakpoint
CREATE INDEX "wh_customers_phone_idx" ON "wh_customers" USING btree ("phone_digits");--> statement-breakpoint
CREATE INDEX "wh_customers_name_idx" ON "wh_customers" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "wh_gift_cards_site_idx" ON "wh_gift_cards" USING btree ("site_code");--> statement-breakpoint
CREATE INDEX "wh_membership_modifications_at_idx" ON "wh_membership_modifications" USING btree ("at");--> statement-breakpoint
CREATE INDEX "wh_memberships_customer_idx" ON "wh_memberships" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "wh_memberships_sign_up_idx" ON "wh_memberships" USING btree ("sign_up_at");--> statement-breakpoint
CREATE INDEX "wh_resource_sync_state_idx" ON "wh_resource_sync" USING btree ("state");--> statement-breakpoint
CREATE INDEX "wh_status_changes_at_idx" ON "wh_status_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "wh_washbooks_customer_idx" ON "wh_washbooks" USING btree ("customer_id");