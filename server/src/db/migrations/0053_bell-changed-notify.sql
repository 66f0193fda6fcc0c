-- The bell (GET /api/notifications: a person's newest notifications and their unread count) is now kept in memory by
-- each process (issue 31, lib/kept-reads.ts: every phone opening /app reads it). A notification written, read or
-- removed notifies 'bell_changed' with its person's id ('*' on a TRUNCATE: everyone's), on a channel of its own: the
-- notice sweep writes many a minute, and they concern no valve or dashboard read. pg_notify folds a transaction's
-- repeats of one payload into one notice.
CREATE FUNCTION bell_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('bell_changed', '*');
  ELSE
    PERFORM pg_notify('bell_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_bell_changed AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION bell_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_bell_truncated AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION bell_changed();
