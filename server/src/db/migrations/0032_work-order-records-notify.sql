-- A work order's detail shows its maintenance records (notes, the completion), and this process now keeps that
-- detail in memory (issue 31, lib/kept-reads.ts): a record written, changed or removed notifies as its valve does,
-- like a work order, so every server lets the valve's kept reads go. A note on a work order changes no other row.
CREATE OR REPLACE FUNCTION valve_changed_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'valves' THEN
    PERFORM pg_notify('valve_changed', COALESCE(NEW.organization_id, OLD.organization_id)::text || ':' || COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME IN ('work_orders', 'maintenance_records') THEN
    PERFORM pg_notify('valve_changed', COALESCE(NEW.organization_id, OLD.organization_id)::text || ':' || COALESCE(NEW.valve_id, OLD.valve_id)::text);
    IF TG_OP = 'UPDATE' AND NEW.valve_id <> OLD.valve_id THEN
      PERFORM pg_notify('valve_changed', OLD.organization_id::text || ':' || OLD.valve_id::text);
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('valve_changed', NEW.organization_id::text || ':*');
  ELSE
    PERFORM pg_notify('valve_changed', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER maintenance_records_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_records
  FOR EACH ROW EXECUTE FUNCTION valve_changed_row();
--> statement-breakpoint
CREATE TRIGGER maintenance_records_truncated AFTER TRUNCATE ON maintenance_records
  FOR EACH STATEMENT EXECUTE FUNCTION valve_changed_all();
