-- Service accounts: users of kind 'service' (a tenant's non-human principal, acting only through its API
-- tokens, never signing in) that hold their permissions directly instead of through roles.
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permissions" text[];--> statement-breakpoint
-- The built-in administrators of agents and customers manage their tenant's service accounts.
UPDATE "roles" r SET "permissions" = array_append(r."permissions", 'sys:serviceAccount:manage')
FROM "offices" o
WHERE o.id = r.office_id AND o.type IN ('agent', 'customer') AND r.code = 'admin' AND r.built_in
  AND NOT ('sys:serviceAccount:manage' = ANY(r."permissions"));
