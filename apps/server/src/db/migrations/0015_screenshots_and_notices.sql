CREATE TABLE "terminal_screenshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_screenshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"md5" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "values" jsonb;--> statement-breakpoint
ALTER TABLE "terminal_screenshots" ADD CONSTRAINT "terminal_screenshots_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_screenshots" ADD CONSTRAINT "terminal_screenshots_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_screenshots_office_idx" ON "terminal_screenshots" USING btree ("office_id","at");--> statement-breakpoint
CREATE INDEX "terminal_screenshots_terminal_idx" ON "terminal_screenshots" USING btree ("terminal_id","at");--> statement-breakpoint
-- Notifications are a page of System management (spec §2 menu groups), not only the bell's "View all".
UPDATE "menus" SET "invisible" = false WHERE "name" = 'messageNotification' AND "built_in";--> statement-breakpoint
-- A screenshot taken before the history existed is its first entry (kept with the screen's office).
INSERT INTO "terminal_screenshots" ("terminal_id", "office_id", "kind", "md5", "at")
SELECT "id", "office_id", 'manual', "screenshot_md5", "screenshot_at" FROM "terminals"
WHERE "screenshot_md5" IS NOT NULL AND "screenshot_at" IS NOT NULL;
