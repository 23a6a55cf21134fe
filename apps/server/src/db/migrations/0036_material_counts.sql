CREATE TABLE "material_counts" (
	"office_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"type" text NOT NULL,
	"review_state" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "material_counts_office_id_folder_id_created_by_type_review_state_pk" PRIMARY KEY("office_id","folder_id","created_by","type","review_state")
);
--> statement-breakpoint
-- The counts move with every statement that writes materials, in its transaction, for library materials
-- only: rows inserted count up, rows deleted count down, and an update counts its rows' old keys down and
-- their new ones up (a move to another folder, a review, a deleted uploader's rows: created_by set null).
-- Keys are taken in one order, so two writers of the same counts wait for each other instead of
-- deadlocking.
CREATE FUNCTION "material_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO material_counts AS c (office_id, folder_id, created_by, type, review_state, n)
    SELECT office_id, coalesce(folder_id, 0), coalesce(created_by, 0), type, review_state, count(*)
    FROM new_rows WHERE purpose = 'library' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (office_id, folder_id, created_by, type, review_state) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO material_counts AS c (office_id, folder_id, created_by, type, review_state, n)
    SELECT office_id, coalesce(folder_id, 0), coalesce(created_by, 0), type, review_state, -count(*)
    FROM old_rows WHERE purpose = 'library' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (office_id, folder_id, created_by, type, review_state) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO material_counts AS c (office_id, folder_id, created_by, type, review_state, n)
    SELECT k.office_id, k.folder_id, k.created_by, k.type, k.review_state, sum(k.d)
    FROM (
      SELECT office_id, coalesce(folder_id, 0) AS folder_id, coalesce(created_by, 0) AS created_by, type,
        review_state, 1 AS d
      FROM new_rows WHERE purpose = 'library'
      UNION ALL
      SELECT office_id, coalesce(folder_id, 0), coalesce(created_by, 0), type, review_state, -1
      FROM old_rows WHERE purpose = 'library'
    ) AS k
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(k.d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (office_id, folder_id, created_by, type, review_state) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No writer may run between the triggers' start and the counts of what is already there.
LOCK TABLE "materials" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "material_counts_insert" AFTER INSERT ON "materials"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "material_counts_update" AFTER UPDATE ON "materials"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "material_counts_delete" AFTER DELETE ON "materials"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_counts_move"();
--> statement-breakpoint
INSERT INTO "material_counts" (office_id, folder_id, created_by, type, review_state, n)
SELECT office_id, coalesce(folder_id, 0), coalesce(created_by, 0), type, review_state, count(*)
FROM "materials" WHERE purpose = 'library' GROUP BY 1, 2, 3, 4, 5;
