CREATE TABLE "bulk_run_rows" (
	"run_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"input" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"employee_id" integer,
	"outcome" jsonb,
	"error" jsonb,
	"secrets" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_run_rows_pkey" PRIMARY KEY("run_id","row_number"),
	CONSTRAINT "bulk_run_rows_state_check" CHECK ("bulk_run_rows"."state" in ('pending', 'running', 'partial', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "bulk_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"actor_channel" text NOT NULL,
	"actor_name" text NOT NULL,
	"state" text NOT NULL,
	"concurrency" integer NOT NULL,
	"rows_total" integer NOT NULL,
	"lease_holder" text,
	"lease_host" text,
	"lease_pid" integer,
	"lease_heartbeat_at" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"secrets_revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_runs_kind_check" CHECK ("bulk_runs"."kind" in ('create', 'disable')),
	CONSTRAINT "bulk_runs_channel_check" CHECK ("bulk_runs"."actor_channel" in ('portal', 'mcp', 'cli')),
	CONSTRAINT "bulk_runs_state_check" CHECK ("bulk_runs"."state" in ('queued', 'running', 'cancelling', 'cancelled', 'interrupted', 'finished')),
	CONSTRAINT "bulk_runs_concurrency_check" CHECK ("bulk_runs"."concurrency" >= 1)
);
--> statement-breakpoint
ALTER TABLE "bulk_run_rows" ADD CONSTRAINT "bulk_run_rows_run_id_bulk_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bulk_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_runs_kind_hash_idx" ON "bulk_runs" USING btree ("kind","file_hash");--> statement-breakpoint
CREATE INDEX "bulk_runs_newest_idx" ON "bulk_runs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);