-- Indexes that match the lists' data-range filters and default orders, so a page is an index range
-- and a count an index-only scan (see docs/architecture.md, lists).
CREATE INDEX "materials_library_office_idx" ON "materials" USING btree ("office_id","id") WHERE "materials"."purpose" = 'library';--> statement-breakpoint
CREATE INDEX "materials_library_created_idx" ON "materials" USING btree ("created_at","id") WHERE "materials"."purpose" = 'library';--> statement-breakpoint
CREATE INDEX "materials_library_name_idx" ON "materials" USING btree ("name","id") WHERE "materials"."purpose" = 'library';--> statement-breakpoint
CREATE INDEX "play_plans_updated_idx" ON "play_plans" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_logs" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "terminals_name_idx" ON "terminals" USING btree ("name","id");
