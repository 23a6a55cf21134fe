CREATE TABLE "stat_pop_widget_month" (
	"month" date NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"program_id" integer NOT NULL,
	"widget_id" text NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"ms" bigint DEFAULT 0 NOT NULL,
	"terminal_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_pop_widget_month_office_id_month_kind_program_id_widget_id_pk" PRIMARY KEY("office_id","month","kind","program_id","widget_id")
);
--> statement-breakpoint
CREATE INDEX "stat_pop_widget_month_month_idx" ON "stat_pop_widget_month" USING btree ("month","kind");--> statement-breakpoint
-- An upgraded installation: the months of the widget plays already rolled up (the roll-up keeps them from now on).
INSERT INTO "stat_pop_widget_month" ("month", "office_id", "kind", "program_id", "widget_id", "plays", "ms", "terminal_days")
SELECT date_trunc('month', "day")::date, "office_id", "kind", "program_id", "widget_id",
  sum("plays"), sum("ms"), sum("terminals")::int
FROM "stat_pop_office_day" WHERE "widget_id" <> '' GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- Planner statistics for the rows just written: the first reads plan with them, not before autovacuum.
ANALYZE "stat_pop_widget_month";
