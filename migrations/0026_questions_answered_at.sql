ALTER TABLE "questions" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
-- A person's answer: a reply that is not Chloe's and not the asker's own (HUMAN_ANSWER in question-shape.ts).
UPDATE "questions" q SET "answered_at" = a.first FROM (
  SELECT r.question_id, min(r.created_at) AS first FROM "replies" r
  JOIN "questions" q2 ON q2.id = r.question_id
  WHERE NOT r.is_ai_reply AND r.author_id <> q2.author_id
  GROUP BY r.question_id) a
WHERE a.question_id = q.id;--> statement-breakpoint
CREATE FUNCTION mentorme_answered_by_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questions q SET answered_at = a.first FROM (
    SELECT r.question_id, min(r.created_at) AS first FROM added r
    JOIN questions q2 ON q2.id = r.question_id
    WHERE NOT r.is_ai_reply AND r.author_id <> q2.author_id
    GROUP BY r.question_id) a
  WHERE q.id = a.question_id AND (q.answered_at IS NULL OR q.answered_at > a.first);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A person's reply removed (by its author, a moderator, or with its author's account): the next one, if any.
CREATE FUNCTION mentorme_answered_by_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questions q SET answered_at = (
    SELECT min(r.created_at) FROM replies r
    WHERE r.question_id = q.id AND NOT r.is_ai_reply AND r.author_id <> q.author_id)
  WHERE q.answered_at IS NOT NULL
    AND q.id IN (SELECT r.question_id FROM removed r WHERE NOT r.is_ai_reply);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "replies_answer_in" AFTER INSERT ON "replies" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION mentorme_answered_by_added();--> statement-breakpoint
CREATE TRIGGER "replies_answer_out" AFTER DELETE ON "replies" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION mentorme_answered_by_removed();--> statement-breakpoint
CREATE INDEX "questions_waiting_idx" ON "questions" USING btree ("created_at","id") WHERE "questions"."answered_at" is null;
