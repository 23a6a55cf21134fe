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
CREATE INDEX "terminal_commands_office_idx" ON "terminal_commands" USING btree ("office_id","created_at");--> statement-breakpoint
-- The tenant of an office is its nearest platform, agent or customer: publications and widget settings
-- kept for an institution of the platform belong to the platform.
WITH tgt AS (
  SELECT p.id, p.name, p.tenant_id AS old_tenant,
    (SELECT a.id FROM "offices" o JOIN "offices" a ON o.path LIKE a.path || '%' AND a.type <> 'institution'
      WHERE o.id = p.office_id ORDER BY length(a.path) DESC LIMIT 1) AS new_tenant
  FROM "publications" p
), ranked AS (
  SELECT id, name, old_tenant, new_tenant,
    row_number() OVER (PARTITION BY new_tenant, name ORDER BY (old_tenant = new_tenant) DESC, id) AS n
  FROM tgt WHERE new_tenant IS NOT NULL
)
UPDATE "publications" p
SET "tenant_id" = r.new_tenant, "name" = CASE WHEN r.n > 1 THEN r.name || ' #' || r.id ELSE r.name END
FROM ranked r WHERE r.id = p.id AND (r.old_tenant <> r.new_tenant OR r.n > 1);--> statement-breakpoint
WITH tgt AS (
  SELECT w.id, w.type, w.office_id AS old_office, w.updated_at,
    (SELECT a.id FROM "offices" o JOIN "offices" a ON o.path LIKE a.path || '%' AND a.type <> 'institution'
      WHERE o.id = w.office_id ORDER BY length(a.path) DESC LIMIT 1) AS new_office
  FROM "widget_settings" w
), ranked AS (
  SELECT id, old_office, new_office,
    row_number() OVER (PARTITION BY new_office, type ORDER BY (old_office = new_office) DESC, updated_at DESC, id) AS n
  FROM tgt WHERE new_office IS NOT NULL
)
DELETE FROM "widget_settings" w USING ranked r WHERE r.id = w.id AND r.n > 1;--> statement-breakpoint
UPDATE "widget_settings" w SET "office_id" = t.new_office
FROM (
  SELECT w2.id, (SELECT a.id FROM "offices" o JOIN "offices" a ON o.path LIKE a.path || '%' AND a.type <> 'institution'
      WHERE o.id = w2.office_id ORDER BY length(a.path) DESC LIMIT 1) AS new_office
  FROM "widget_settings" w2
) t WHERE t.id = w.id AND t.new_office IS NOT NULL AND t.new_office <> w.office_id;
--> statement-breakpoint
-- The built-in administrators of agents and customers set their own alarm rules (terminal:alarm:rules is new).
UPDATE "roles" r SET "permissions" = array_append(r."permissions", 'terminal:alarm:rules')
FROM "offices" o
WHERE o.id = r.office_id AND o.type IN ('agent', 'customer') AND r.code = 'admin' AND r.built_in
  AND NOT ('terminal:alarm:rules' = ANY(r."permissions"));
