-- Signed webhooks: a tenant's endpoints, and the deliveries queued in the transaction of the change that
-- raised them (sent by the worker pass, retried with back-off for 24 h).
CREATE TABLE "webhook_endpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_endpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"office_id" integer NOT NULL,
	"endpoint_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" uuid,
	"claimed_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"response_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_office_idx" ON "webhook_endpoints" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE state = 'pending';--> statement-breakpoint
-- The built-in administrators of agents and customers manage their tenant's webhooks.
UPDATE "roles" r SET "permissions" = r."permissions" || ARRAY['sys:webhook:view', 'sys:webhook:edit']::text[]
FROM "offices" o
WHERE o.id = r.office_id AND o.type IN ('agent', 'customer') AND r.code = 'admin' AND r.built_in
  AND NOT ('sys:webhook:view' = ANY(r."permissions"));
--> statement-breakpoint
-- The console's Webhooks page, at the end of system management.
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort")
SELECT s.id, 'webhookManage', 'sys/webhook', 'ApiOutlined', 'sys:webhook:view', NULL, false,
  coalesce((SELECT max(m.sort) + 1 FROM "menus" m WHERE m.parent_id = s.id), 0)
FROM "menus" s WHERE s.name = 'sysManage' AND s.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menus" WHERE name = 'webhookManage');
