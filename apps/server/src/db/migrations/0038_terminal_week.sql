CREATE TABLE "stat_terminal_week" (
	"week" date NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"online_sec" bigint DEFAULT 0 NOT NULL,
	"scheduled_sec" bigint DEFAULT 0 NOT NULL,
	"on_scheduled_sec" bigint DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_terminal_week_terminal_id_week_pk" PRIMARY KEY("terminal_id","week")
);
--> statement-breakpoint
CREATE INDEX "stat_terminal_week_cover_idx" ON "stat_terminal_week" USING btree ("week","office_id","terminal_id","online_sec","days");--> statement-breakpoint
-- An upgraded installation: the weeks of the days already rolled up (the roll-up keeps them from now on).
INSERT INTO "stat_terminal_week" ("week", "terminal_id", "office_id", "online_sec", "scheduled_sec", "on_scheduled_sec", "days")
SELECT "day" - (extract(isodow FROM "day")::int - 1), "terminal_id", (array_agg("office_id" ORDER BY "day" DESC))[1],
  sum("online_sec"), sum("scheduled_sec"), sum("on_scheduled_sec"), count(*) FILTER (WHERE "online_sec" > 0)::int
FROM "stat_terminal_day" GROUP BY 1, 2;
--> statement-breakpoint
-- Planner statistics for the rows just written: the first reads plan with them, not before autovacuum.
ANALYZE "stat_terminal_week";
