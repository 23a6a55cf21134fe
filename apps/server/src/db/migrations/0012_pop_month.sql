CREATE TABLE "stat_pop_month" (
	"month" date NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"program_id" integer NOT NULL,
	"material_id" integer DEFAULT 0 NOT NULL,
	"widget_id" text DEFAULT '' NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"ms" bigint DEFAULT 0 NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "stat_pop_month_terminal_id_month_office_id_kind_program_id_material_id_widget_id_pk" PRIMARY KEY("terminal_id","month","office_id","kind","program_id","material_id","widget_id")
);
--> statement-breakpoint
CREATE INDEX "stat_pop_month_office_idx" ON "stat_pop_month" USING btree ("office_id","month");--> statement-breakpoint
CREATE INDEX "stat_pop_month_month_idx" ON "stat_pop_month" USING btree ("month");--> statement-breakpoint
CREATE INDEX "stat_pop_month_program_reach_idx" ON "stat_pop_month" USING btree ("kind","program_id","month","terminal_id");--> statement-breakpoint
CREATE INDEX "stat_pop_month_material_reach_idx" ON "stat_pop_month" USING btree ("kind","material_id","month","terminal_id");--> statement-breakpoint
CREATE INDEX "stat_pop_day_program_reach_idx" ON "stat_pop_day" USING btree ("kind","program_id","day","terminal_id");--> statement-breakpoint
CREATE INDEX "stat_pop_day_material_reach_idx" ON "stat_pop_day" USING btree ("kind","material_id","day","terminal_id");--> statement-breakpoint
-- The months of the proof of play already rolled up: the roll-up only recomputes the months it touches from now on.
INSERT INTO "stat_pop_month" ("month", "terminal_id", "office_id", "kind", "program_id", "material_id", "widget_id", "plays", "ms", "first_day", "last_day")
SELECT date_trunc('month', "day")::date, "terminal_id", "office_id", "kind", "program_id", "material_id", "widget_id",
	sum("plays"), sum("ms"), min("day"), max("day")
FROM "stat_pop_day"
GROUP BY 1, 2, 3, 4, 5, 6, 7;
