-- The dashboard's banner (emergencies in force), its feed (the newest activities) and its relief valve summary (tags
-- overdue and due this month) are now kept in memory by each process (issue 31, lib/kept-reads.ts: a burst of phones
-- opening /app must not queue for what memory answers). A change to any of them, or to a user's name (the banner
-- names who raised and cleared), notifies 'dashboard_changed' with
-- the organization's id ('*' on a TRUNCATE: anything), on a channel of its own: the feed grows with every write, and
-- on 'valve_changed' each activity would take out the organization's kept valve reads.
CREATE FUNCTION dashboard_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('dashboard_changed', '*');
  ELSE
    PERFORM pg_notify('dashboard_changed', COALESCE(NEW.organization_id, OLD.organization_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activities_dashboard_changed AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION dashboard_changed();
--> statement-breakpoint
CREATE TRIGGER emergencies_dashboard_changed AFTER INSERT OR UPDATE OR DELETE ON emergencies
  FOR EACH ROW EXECUTE FUNCTION dashboard_changed();
--> statement-breakpoint
CREATE TRIGGER relief_tags_dashboard_changed AFTER INSERT OR UPDATE OR DELETE ON relief_tags
  FOR EACH ROW EXECUTE FUNCTION dashboard_changed();
--> statement-breakpoint
CREATE TRIGGER users_renamed_dashboard_changed AFTER UPDATE OF name ON users
  FOR EACH ROW EXECUTE FUNCTION dashboard_changed();
--> statement-breakpoint
CREATE TRIGGER activities_dashboard_truncated AFTER TRUNCATE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_changed();
--> statement-breakpoint
CREATE TRIGGER emergencies_dashboard_truncated AFTER TRUNCATE ON emergencies
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_changed();
--> statement-breakpoint
CREATE TRIGGER users_dashboard_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_changed();
--> statement-breakpoint
CREATE TRIGGER relief_tags_dashboard_truncated AFTER TRUNCATE ON relief_tags
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_changed();
