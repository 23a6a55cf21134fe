-- Programs keep their history with plans' and messages' in content_history: the lines move over
-- in their order (the history reads them by id), then program_history goes.
INSERT INTO "content_history" ("kind", "content_id", "event", "from_state", "to_state", "note", "by_user_id", "at")
SELECT 'program', "program_id", "event", "from_state", "to_state", "note", "by_user_id", "at"
FROM "program_history"
ORDER BY "id";--> statement-breakpoint
DROP TABLE "program_history" CASCADE;
