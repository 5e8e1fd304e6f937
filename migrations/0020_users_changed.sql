SET LOCAL lock_timeout = '15s';--> statement-breakpoint
CREATE FUNCTION mentorme_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every instance forgets the sessions it keeps for this person (plugins/session-cache.ts); a visit alone
  -- (last_seen_at) changes nothing a session shows.
  IF (to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at') THEN
    PERFORM pg_notify('mentorme_events', json_build_object('t', 'user', 'u', NEW.id)::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION mentorme_user_changed();
