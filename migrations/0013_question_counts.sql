-- An upgrade that cannot take its locks soon fails and can be run again, rather than stall the site behind it.
SET LOCAL lock_timeout = '15s';--> statement-breakpoint
CREATE TABLE "question_counts" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
-- No question is added or deleted between the count below and the triggers taking over (reads go on).
LOCK TABLE "questions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "question_counts" ("category_id", "count")
  SELECT coalesce("category_id", 0), count(*)::int FROM "questions" GROUP BY 1;--> statement-breakpoint
-- Added and deleted questions are counted once per statement, grouped (a bulk insert costs one update per category);
-- a question moved to another category, row by row. The counters a statement touches are locked in one order, so
-- two statements that touch several never wait on each other in a circle.
CREATE FUNCTION mentorme_count_questions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM question_counts
      WHERE category_id IN (SELECT DISTINCT coalesce(category_id, 0) FROM added)
      ORDER BY category_id FOR UPDATE;
    INSERT INTO question_counts AS c (category_id, count)
      SELECT coalesce(category_id, 0), count(*)::int FROM added GROUP BY 1 ORDER BY 1
      ON CONFLICT (category_id) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM question_counts
      WHERE category_id IN (SELECT DISTINCT coalesce(category_id, 0) FROM removed)
      ORDER BY category_id FOR UPDATE;
    UPDATE question_counts AS c SET count = c.count - gone.n
      FROM (SELECT coalesce(category_id, 0) AS category_id, count(*)::int AS n FROM removed GROUP BY 1) AS gone
      WHERE c.category_id = gone.category_id;
  ELSE
    PERFORM 1 FROM question_counts
      WHERE category_id IN (coalesce(OLD.category_id, 0), coalesce(NEW.category_id, 0))
      ORDER BY category_id FOR UPDATE;
    UPDATE question_counts SET count = count - 1 WHERE category_id = coalesce(OLD.category_id, 0);
    INSERT INTO question_counts AS c (category_id, count) VALUES (coalesce(NEW.category_id, 0), 1)
      ON CONFLICT (category_id) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "questions_counted_in" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION mentorme_count_questions();--> statement-breakpoint
CREATE TRIGGER "questions_counted_out" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION mentorme_count_questions();--> statement-breakpoint
CREATE TRIGGER "questions_recounted" AFTER UPDATE OF "category_id" ON "questions"
  FOR EACH ROW WHEN (OLD."category_id" IS DISTINCT FROM NEW."category_id") EXECUTE FUNCTION mentorme_count_questions();
