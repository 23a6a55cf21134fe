-- A screen's own screenshot says what it was showing (program, scene, the server-clock instant), so the
-- console can compare the picture with what the schedule expected then. Older players send none: null.
ALTER TABLE "terminal_screenshots" ADD COLUMN "program_id" integer;--> statement-breakpoint
ALTER TABLE "terminal_screenshots" ADD COLUMN "scene_id" text;--> statement-breakpoint
ALTER TABLE "terminal_screenshots" ADD COLUMN "shown_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "terminal_screenshots" ADD COLUMN "screen_on" boolean;
