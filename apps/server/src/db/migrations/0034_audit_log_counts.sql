CREATE TABLE "audit_log_counts" (
	"office_id" integer NOT NULL,
	"action" text NOT NULL,
	"result" text NOT NULL,
	"month" date NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_log_counts_office_id_action_result_month_pk" PRIMARY KEY("office_id","action","result","month")
);
--> statement-breakpoint
CREATE INDEX "audit_log_counts_action_idx" ON "audit_log_counts" USING btree ("action","result");--> statement-breakpoint
-- The counts move with every statement that writes audit_logs, in its transaction: rows inserted count up,
-- rows deleted count down, and an update counts its rows' old keys down and their new ones up (a pending
-- call that ends ok or failed moves from one result to the other). Keys are taken in one order, so two
-- writers of the same counts wait for each other instead of deadlocking.
CREATE FUNCTION "audit_log_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_log_counts AS c (office_id, action, result, month, n)
    SELECT coalesce(office_id, 0), action, result, date_trunc('month', created_at AT TIME ZONE 'UTC')::date,
      count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (office_id, action, result, month) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_log_counts AS c (office_id, action, result, month, n)
    SELECT coalesce(office_id, 0), action, result, date_trunc('month', created_at AT TIME ZONE 'UTC')::date,
      -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (office_id, action, result, month) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO audit_log_counts AS c (office_id, action, result, month, n)
    SELECT k.office_id, k.action, k.result, k.month, sum(k.d)
    FROM (
      SELECT coalesce(office_id, 0) AS office_id, action, result,
        date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, 1 AS d
      FROM new_rows
      UNION ALL
      SELECT coalesce(office_id, 0), action, result, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, -1
      FROM old_rows
    ) AS k
    GROUP BY 1, 2, 3, 4 HAVING sum(k.d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (office_id, action, result, month) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No writer may run between the triggers' start and the counts of what is already there.
LOCK TABLE "audit_logs" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_insert" AFTER INSERT ON "audit_logs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_update" AFTER UPDATE ON "audit_logs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_delete" AFTER DELETE ON "audit_logs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_counts_move"();
--> statement-breakpoint
INSERT INTO "audit_log_counts" (office_id, action, result, month, n)
SELECT coalesce(office_id, 0), action, result, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*)
FROM "audit_logs" GROUP BY 1, 2, 3, 4;
