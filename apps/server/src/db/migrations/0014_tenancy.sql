CREATE TABLE "tenant_settings" (
	"office_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "tenant_settings_office_id_key_pk" PRIMARY KEY("office_id","key")
);
--> statement-breakpoint
ALTER TABLE "play_events" ADD COLUMN "office_id" integer;--> statement-breakpoint
UPDATE "play_events" x SET "office_id" = t."office_id" FROM "terminals" t WHERE t."id" = x."terminal_id";--> statement-breakpoint
ALTER TABLE "play_events" ALTER COLUMN "office_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_commands" ADD COLUMN "office_id" integer;--> statement-breakpoint
UPDATE "terminal_commands" x SET "office_id" = t."office_id" FROM "terminals" t WHERE t."id" = x."terminal_id";--> statement-breakpoint
ALTER TABLE "terminal_commands" ALTER COLUMN "office_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_events" ADD COLUMN "office_id" integer;--> statement-breakpoint
UPDATE "terminal_events" x SET "office_id" = t."office_id" FROM "terminals" t WHERE t."id" = x."terminal_id";--> statement-breakpoint
ALTER TABLE "terminal_events" ALTER COLUMN "office_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_commands" ADD CONSTRAINT "terminal_commands_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_events" ADD CONSTRAINT "terminal_events_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_commands_office_idx" ON "terminal_commands" USING btree ("office_id","created_at");