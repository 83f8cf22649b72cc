ALTER TABLE "exports" DROP CONSTRAINT "exports_state_check";--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "error_details" jsonb;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_state_check" CHECK ("exports"."state" in ('queued', 'running', 'finished', 'failed', 'cancelled', 'interrupted'));