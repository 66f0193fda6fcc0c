-- The analytics dashboard reads only an organization's valves and their predictions, and this process now keeps it
-- in memory (issue 31, lib/kept-reads.ts): a change to either notifies 'fleet_changed' with the organization's id
-- ('*' on a TRUNCATE: anything), on a channel of its own so that work order writes, which notify 'valve_changed'
-- all day, leave the kept dashboard alone. PostgreSQL sends one notice per payload and transaction, so a recompute
-- of thousands of valves is one notice.
CREATE FUNCTION fleet_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('fleet_changed', '*');
  ELSE
    PERFORM pg_notify('fleet_changed', COALESCE(NEW.organization_id, OLD.organization_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER valves_fleet_changed AFTER INSERT OR UPDATE OR DELETE ON valves
  FOR EACH ROW EXECUTE FUNCTION fleet_changed();
--> statement-breakpoint
CREATE TRIGGER predictive_analytics_changed AFTER INSERT OR UPDATE OR DELETE ON predictive_analytics
  FOR EACH ROW EXECUTE FUNCTION fleet_changed();
--> statement-breakpoint
CREATE TRIGGER valves_fleet_truncated AFTER TRUNCATE ON valves FOR EACH STATEMENT EXECUTE FUNCTION fleet_changed();
--> statement-breakpoint
CREATE TRIGGER predictive_analytics_truncated AFTER TRUNCATE ON predictive_analytics
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_changed();
