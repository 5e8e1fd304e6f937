SET LOCAL lock_timeout = '15s';--> statement-breakpoint
CREATE FUNCTION mentorme_marks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every instance forgets the marks it keeps for this person (questions/viewer-marks.ts). Rows that go with a deleted
  -- question or account (a cascade, one level down) are not announced: what they marked is gone too.
  IF pg_trigger_depth() = 1 THEN
    PERFORM pg_notify('mentorme_events', json_build_object('t', 'marks', 'u', COALESCE(NEW.user_id, OLD.user_id))::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "likes_changed" AFTER INSERT OR DELETE ON "likes" FOR EACH ROW EXECUTE FUNCTION mentorme_marks_changed();--> statement-breakpoint
CREATE TRIGGER "bookmarks_changed" AFTER INSERT OR DELETE ON "bookmarks" FOR EACH ROW EXECUTE FUNCTION mentorme_marks_changed();--> statement-breakpoint
CREATE TRIGGER "question_follows_changed" AFTER INSERT OR DELETE ON "question_follows" FOR EACH ROW EXECUTE FUNCTION mentorme_marks_changed();
