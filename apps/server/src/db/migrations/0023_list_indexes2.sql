-- The material list's other sort and its type filter: a page by size reads an index in order instead of
-- sorting the range, and a count of one type in a range is an index-only scan (see docs/architecture.md, lists).
CREATE INDEX "materials_library_size_idx" ON "materials" USING btree ("size","id") WHERE "materials"."purpose" = 'library';--> statement-breakpoint
CREATE INDEX "materials_library_office_type_idx" ON "materials" USING btree ("office_id","type","id") WHERE "materials"."purpose" = 'library';
