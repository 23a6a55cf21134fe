CREATE TABLE "stat_pop_reach_day" (
	"day" date NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_pop_reach_day_terminal_id_day_office_id_kind_pk" PRIMARY KEY("terminal_id","day","office_id","kind")
);
--> statement-breakpoint
CREATE TABLE "stat_pop_reach_month" (
	"month" date NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"ms" bigint DEFAULT 0 NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "stat_pop_reach_month_terminal_id_month_office_id_kind_pk" PRIMARY KEY("terminal_id","month","office_id","kind")
);
--> statement-breakpoint
DROP INDEX "stat_pop_day_program_reach_idx";--> statement-breakpoint
DROP INDEX "stat_pop_day_material_reach_idx";--> statement-breakpoint
DROP INDEX "stat_pop_month_program_reach_idx";--> statement-breakpoint
DROP INDEX "stat_pop_month_material_reach_idx";--> statement-breakpoint
CREATE INDEX "stat_pop_reach_day_kind_idx" ON "stat_pop_reach_day" USING btree ("kind","day","office_id","terminal_id");--> statement-breakpoint
CREATE INDEX "stat_pop_reach_month_kind_idx" ON "stat_pop_reach_month" USING btree ("kind","month","office_id","terminal_id");--> statement-breakpoint
CREATE INDEX "stat_pop_day_program_reach_idx" ON "stat_pop_day" USING btree ("kind","program_id","day","office_id","terminal_id");--> statement-breakpoint
CREATE INDEX "stat_pop_day_material_reach_idx" ON "stat_pop_day" USING btree ("kind","material_id","day","office_id","terminal_id");--> statement-breakpoint
CREATE INDEX "stat_pop_month_program_reach_idx" ON "stat_pop_month" USING btree ("kind","program_id","month","office_id","terminal_id");--> statement-breakpoint
CREATE INDEX "stat_pop_month_material_reach_idx" ON "stat_pop_month" USING btree ("kind","material_id","month","office_id","terminal_id");--> statement-breakpoint
-- The reach roll-ups of the proof of play already rolled up: the roll-up only recomputes the days and months it touches from now on.
INSERT INTO "stat_pop_reach_day" ("day", "terminal_id", "office_id", "kind", "plays", "ms")
SELECT "day", "terminal_id", "office_id", "kind", sum("plays"), sum("ms")
FROM "stat_pop_day"
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "stat_pop_reach_month" ("month", "terminal_id", "office_id", "kind", "plays", "ms", "first_day", "last_day")
SELECT date_trunc('month', "day")::date, "terminal_id", "office_id", "kind", sum("plays"), sum("ms"), min("day"), max("day")
FROM "stat_pop_day"
GROUP BY 1, 2, 3, 4;
