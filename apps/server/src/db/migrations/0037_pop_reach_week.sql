CREATE TABLE "stat_pop_reach_week" (
	"week" date NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"ms" bigint DEFAULT 0 NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "stat_pop_reach_week_terminal_id_week_office_id_kind_pk" PRIMARY KEY("terminal_id","week","office_id","kind")
);
--> statement-breakpoint
CREATE INDEX "stat_pop_reach_week_cover_idx" ON "stat_pop_reach_week" USING btree ("kind","week","office_id","terminal_id","plays","ms","first_day","last_day");--> statement-breakpoint
-- An upgraded installation: the weeks of the days already rolled up (the roll-up keeps them from now on).
INSERT INTO "stat_pop_reach_week" ("week", "terminal_id", "office_id", "kind", "plays", "ms", "first_day", "last_day")
SELECT "day" - (extract(isodow FROM "day")::int - 1), "terminal_id", "office_id", "kind", sum("plays"), sum("ms"), min("day"), max("day")
FROM "stat_pop_reach_day" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Planner statistics for the rows just written: the first reads plan with them, not before autovacuum.
ANALYZE "stat_pop_reach_week";
