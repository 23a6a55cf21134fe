CREATE TABLE "stat_pop_material_reach" (
	"kind" text NOT NULL,
	"material_id" integer NOT NULL,
	"year" integer NOT NULL,
	"office_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"days" bit(366) NOT NULL,
	CONSTRAINT "stat_pop_material_reach_kind_material_id_year_office_id_terminal_id_pk" PRIMARY KEY("kind","material_id","year","office_id","terminal_id")
);
--> statement-breakpoint
CREATE TABLE "stat_pop_program_reach" (
	"kind" text NOT NULL,
	"program_id" integer NOT NULL,
	"year" integer NOT NULL,
	"office_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"days" bit(366) NOT NULL,
	CONSTRAINT "stat_pop_program_reach_kind_program_id_year_office_id_terminal_id_pk" PRIMARY KEY("kind","program_id","year","office_id","terminal_id")
);;--> statement-breakpoint
-- The proof of play already rolled up: a bit per day played (program 0: any program), so an upgraded installation answers at once.
INSERT INTO "stat_pop_program_reach" ("kind", "program_id", "year", "office_id", "terminal_id", "days")
SELECT s."kind", p."program_id", extract(year FROM s."day")::int, s."office_id", s."terminal_id",
	bit_or(set_bit(repeat('0', 366)::bit(366), extract(doy FROM s."day")::int - 1, 1))
FROM "stat_pop_day" s CROSS JOIN LATERAL (VALUES (s."program_id"), (0)) AS p("program_id")
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
-- Material 0 here: any material (the rows with one).
INSERT INTO "stat_pop_material_reach" ("kind", "material_id", "year", "office_id", "terminal_id", "days")
SELECT s."kind", m."material_id", extract(year FROM s."day")::int, s."office_id", s."terminal_id",
	bit_or(set_bit(repeat('0', 366)::bit(366), extract(doy FROM s."day")::int - 1, 1))
FROM "stat_pop_day" s CROSS JOIN LATERAL (VALUES (s."material_id"), (0)) AS m("material_id")
WHERE s."material_id" <> 0
GROUP BY 1, 2, 3, 4, 5;
