CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"correlation_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"actor" text NOT NULL,
	"channel" text NOT NULL,
	"operation" text NOT NULL,
	"state" text NOT NULL,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"target_employee_id" integer GENERATED ALWAYS AS ((target ->> 'employeeId')::integer) STORED,
	"target_pos_user_id" integer GENERATED ALWAYS AS ((target ->> 'posUserId')::integer) STORED,
	"input" jsonb NOT NULL,
	"outcome" jsonb,
	"steps" jsonb,
	CONSTRAINT "audit_events_channel_check" CHECK ("audit_events"."channel" in ('portal', 'mcp', 'cli')),
	CONSTRAINT "audit_events_state_check" CHECK ("audit_events"."state" in ('started', 'succeeded', 'failed', 'partial')),
	CONSTRAINT "audit_events_finished_check" CHECK (("audit_events"."state" = 'started') = ("audit_events"."finished_at" is null))
);
--> statement-breakpoint
CREATE INDEX "audit_events_newest_idx" ON "audit_events" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_employee_idx" ON "audit_events" USING btree ("target_employee_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_pos_user_idx" ON "audit_events" USING btree ("target_pos_user_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_finished_idx" ON "audit_events" USING btree ("finished_at");--> statement-breakpoint
-- Append-only: a started event may learn its target, steps and end; a finished one never changes; rows go only
-- through retention (deleteFinishedBefore sets washops.audit_retention for its own transaction), finished ones only.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF coalesce(current_setting('washops.audit_retention', true), '') <> 'on' THEN
      RAISE EXCEPTION 'audit events are deleted only by retention' USING ERRCODE = 'check_violation';
    END IF;
    IF OLD.state = 'started' THEN
      RAISE EXCEPTION 'a started audit event cannot be deleted' USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.state <> 'started' THEN
    RAISE EXCEPTION 'a finished audit event cannot change' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.correlation_id IS DISTINCT FROM OLD.correlation_id
    OR NEW.actor IS DISTINCT FROM OLD.actor OR NEW.channel IS DISTINCT FROM OLD.channel
    OR NEW.operation IS DISTINCT FROM OLD.operation OR NEW.input IS DISTINCT FROM OLD.input
    OR NEW.started_at IS DISTINCT FROM OLD.started_at THEN
    RAISE EXCEPTION 'what an audit event recorded at its start cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();
