CREATE TABLE "digest_deliveries" (
	"site_code" text NOT NULL,
	"day" date NOT NULL,
	"recipient" text NOT NULL,
	"state" text NOT NULL,
	"subject" text NOT NULL,
	"message_id" text,
	"error" text,
	"retryable" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "digest_deliveries_pkey" PRIMARY KEY("site_code","day","recipient"),
	CONSTRAINT "digest_deliveries_state_check" CHECK ("digest_deliveries"."state" in ('sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "digest_deliveries_day_idx" ON "digest_deliveries" USING btree ("day");