CREATE TABLE "mcp_session_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mcp_session_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id_hash" text NOT NULL,
	"stream_id" text NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"token_name" text NOT NULL,
	"initialize" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mcp_session_events" ADD CONSTRAINT "mcp_session_events_session_id_hash_mcp_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."mcp_sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_session_events_stream_idx" ON "mcp_session_events" USING btree ("session_id_hash","stream_id","id");--> statement-breakpoint
CREATE INDEX "mcp_sessions_token_created_idx" ON "mcp_sessions" USING btree ("token_name","created_at");--> statement-breakpoint
CREATE INDEX "mcp_sessions_expires_at_idx" ON "mcp_sessions" USING btree ("expires_at");