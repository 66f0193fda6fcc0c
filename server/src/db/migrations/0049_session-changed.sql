-- Every server remembers the sessions it looked up in the last seconds (lib/sessions.ts). A sign-out, a deactivation,
-- or a change to who a user is or which plants they see, made through any server, is told to all of them on
-- 'session_changed' with the user's id after the commit (issue 36), so none answers for a session that ended.
CREATE FUNCTION session_changed_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changed', COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('session_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION session_changed_row();
--> statement-breakpoint
CREATE TRIGGER user_plants_changed AFTER INSERT OR DELETE ON user_plants
  FOR EACH ROW EXECUTE FUNCTION session_changed_row();
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    OLD.role IS DISTINCT FROM NEW.role OR OLD.active IS DISTINCT FROM NEW.active
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
  )
  EXECUTE FUNCTION session_changed_row();
