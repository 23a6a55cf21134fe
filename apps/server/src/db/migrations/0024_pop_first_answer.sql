-- Covering indexes for the proof-of-play summaries' first (uncached) answer: each read of a summary
-- (kind, range of days or months, offices) is an index range holding every column it sums, so it is an
-- index-only scan of that kind's rows instead of heap pages holding every kind (see docs/architecture.md,
-- statistics and proof of play). They replace the narrower indexes on the same leading columns.
DROP INDEX "stat_pop_reach_day_kind_idx";--> statement-breakpoint
DROP INDEX "stat_pop_reach_month_kind_idx";--> statement-breakpoint
CREATE INDEX "stat_pop_reach_day_cover_idx" ON "stat_pop_reach_day" USING btree ("kind","day","office_id","terminal_id","plays","ms");--> statement-breakpoint
CREATE INDEX "stat_pop_reach_month_cover_idx" ON "stat_pop_reach_month" USING btree ("kind","month","office_id","terminal_id","plays","ms","first_day","last_day");--> statement-breakpoint
CREATE INDEX "stat_pop_office_day_cover_idx" ON "stat_pop_office_day" USING btree ("kind","day","office_id","program_id","material_id","plays","ms");
--> statement-breakpoint
-- The days played with their bits in the index: the reach of a summary and of its page reads a row per terminal and
-- year from the index, not a heap page per row (the roll-up ORs bits into rows all over the heap).
CREATE INDEX "stat_pop_program_reach_cover_idx" ON "stat_pop_program_reach" USING btree ("kind","program_id","year","office_id","terminal_id","days");--> statement-breakpoint
CREATE INDEX "stat_pop_material_reach_cover_idx" ON "stat_pop_material_reach" USING btree ("kind","material_id","year","office_id","terminal_id","days");
