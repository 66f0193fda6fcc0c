-- The notices on 'valve_changed' name the organization too: '<organization id>:<valve id>', '<organization id>:*'
-- (a user of that organization was renamed: any of its valves), or '*' (a TRUNCATE: anything). A process keeping
-- one organization's lists then keeps them while another organization works (modules/valves/kept-reads.ts).
CREATE OR REPLACE FUNCTION valve_changed_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'valves' THEN
    PERFORM pg_notify('valve_changed', COALESCE(NEW.organization_id, OLD.organization_id)::text || ':' || COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME = 'work_orders' THEN
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
