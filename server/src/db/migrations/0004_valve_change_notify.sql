-- Every server process keeps the valve details it has read (modules/valves/kept-reads.ts). The database says
-- when one changes: after each commit that touches a valve, its work orders or a name shown in them, listeners
-- on 'valve_changed' get the valve's id, or '*' when any valve may be affected.
CREATE FUNCTION valve_changed_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'valves' THEN
    PERFORM pg_notify('valve_changed', COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME = 'work_orders' THEN
    PERFORM pg_notify('valve_changed', COALESCE(NEW.valve_id, OLD.valve_id)::text);
    IF TG_OP = 'UPDATE' AND NEW.valve_id <> OLD.valve_id THEN
      PERFORM pg_notify('valve_changed', OLD.valve_id::text);
    END IF;
  ELSE
    PERFORM pg_notify('valve_changed', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION valve_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('valve_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER valves_changed AFTER INSERT OR UPDATE OR DELETE ON valves
  FOR EACH ROW EXECUTE FUNCTION valve_changed_row();
--> statement-breakpoint
CREATE TRIGGER work_orders_changed AFTER INSERT OR UPDATE OR DELETE ON work_orders
  FOR EACH ROW EXECUTE FUNCTION valve_changed_row();
--> statement-breakpoint
CREATE TRIGGER users_renamed AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name) EXECUTE FUNCTION valve_changed_row();
--> statement-breakpoint
CREATE TRIGGER valves_truncated AFTER TRUNCATE ON valves FOR EACH STATEMENT EXECUTE FUNCTION valve_changed_all();
--> statement-breakpoint
CREATE TRIGGER work_orders_truncated AFTER TRUNCATE ON work_orders FOR EACH STATEMENT EXECUTE FUNCTION valve_changed_all();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION valve_changed_all();
