-- The permission demo's permission is named "form", as the spec names it (§2, §6), no longer "demo:form:view":
-- the demo page's menu entry and every role that holds the old name.
UPDATE "menus" SET "permission" = 'form' WHERE "permission" = 'demo:form:view';
--> statement-breakpoint
UPDATE "roles" SET "permissions" = array_replace("permissions", 'demo:form:view', 'form')
WHERE 'demo:form:view' = ANY("permissions");
