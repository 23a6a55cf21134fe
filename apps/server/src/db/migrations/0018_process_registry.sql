CREATE TABLE IF NOT EXISTS "server_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"pid_start" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN IF NOT EXISTS "process_id" uuid;--> statement-breakpoint
ALTER TABLE "terminal_commands" ADD COLUMN IF NOT EXISTS "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN IF NOT EXISTS "held_by" uuid;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_pending_idx" ON "audit_logs" USING btree ("process_id") WHERE "audit_logs"."result" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "terminal_commands_waiting_idx" ON "terminal_commands" USING btree ("expires_at") WHERE "terminal_commands"."state" in ('queued', 'sent');