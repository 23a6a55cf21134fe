-- Single sign-on (OpenID Connect) per tenant: its configuration, the links of users to their identity at the
-- tenant's provider, and the sign-ins on their way through a provider (state, PKCE verifier, nonce).
CREATE TABLE "sso_configs" (
	"office_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"label" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text DEFAULT '' NOT NULL,
	"scopes" text DEFAULT 'openid email profile' NOT NULL,
	"role_claim" text DEFAULT '' NOT NULL,
	"role_map" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"jit" boolean DEFAULT false NOT NULL,
	"jit_office_id" integer,
	"jit_role_id" integer,
	"password_login" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sso_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"office_id" integer NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_links" ADD CONSTRAINT "sso_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_links_identity_uq" ON "sso_links" USING btree ("office_id","issuer","subject");--> statement-breakpoint
CREATE INDEX "sso_links_user_idx" ON "sso_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_flows_expires_idx" ON "sso_flows" USING btree ("expires_at");--> statement-breakpoint
-- The built-in administrators of agents and customers set their tenant's single sign-on (sys:sso:edit is new).
UPDATE "roles" r SET "permissions" = array_append(r."permissions", 'sys:sso:edit')
FROM "offices" o
WHERE o.id = r.office_id AND o.type IN ('agent', 'customer') AND r.code = 'admin' AND r.built_in
  AND NOT ('sys:sso:edit' = ANY(r."permissions"));--> statement-breakpoint
-- The settings screen of single sign-on, last under System management.
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort", "built_in")
SELECT (SELECT id FROM menus WHERE name = 'sysManage'), 'ssoSettings', 'sys/sso', 'SafetyCertificateOutlined', 'sys:sso:edit', NULL, false,
  (SELECT coalesce(max(sort), -1) + 1 FROM menus WHERE parent_id = (SELECT id FROM menus WHERE name = 'sysManage')), true
WHERE EXISTS (SELECT 1 FROM menus WHERE name = 'sysManage') AND NOT EXISTS (SELECT 1 FROM menus WHERE name = 'ssoSettings');
