-- Video walls: screens in a grid showing one program across them, each its crop with the bezels
-- compensated; a terminal belongs to one wall at most.
CREATE TABLE "walls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "walls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"name" text NOT NULL,
	"rows" integer NOT NULL,
	"cols" integer NOT NULL,
	"bezel_mm" jsonb NOT NULL,
	"screen_width_mm" double precision NOT NULL,
	"screen_height_mm" double precision NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"program_id" integer,
	"start_at" timestamp (3) with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wall_screens" (
	"wall_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"row" integer NOT NULL,
	"col" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "walls" ADD CONSTRAINT "walls_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walls" ADD CONSTRAINT "walls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_screens" ADD CONSTRAINT "wall_screens_wall_id_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."walls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_screens" ADD CONSTRAINT "wall_screens_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "walls_office_idx" ON "walls" USING btree ("office_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wall_screens_terminal_idx" ON "wall_screens" USING btree ("terminal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wall_screens_cell_idx" ON "wall_screens" USING btree ("wall_id","row","col");--> statement-breakpoint
-- The built-in administrators of agents and customers see and manage their tenant's walls.
UPDATE "roles" r SET "permissions" = r."permissions" || ARRAY['terminal:wall:view', 'terminal:wall:edit']::text[]
FROM "offices" o
WHERE o.id = r.office_id AND o.type IN ('agent', 'customer') AND r.code = 'admin' AND r.built_in
  AND NOT ('terminal:wall:view' = ANY(r."permissions"));
--> statement-breakpoint
-- The console's Video walls page, at the end of terminal management.
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort")
SELECT s.id, 'videoWalls', 'terminalMonitor/videoWalls', 'AppstoreOutlined', 'terminal:wall:view', NULL, false,
  coalesce((SELECT max(m.sort) + 1 FROM "menus" m WHERE m.parent_id = s.id), 0)
FROM "menus" s WHERE s.name = 'terminalManage' AND s.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menus" WHERE name = 'videoWalls');
