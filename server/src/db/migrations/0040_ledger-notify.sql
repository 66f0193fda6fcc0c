-- A work order's detail carries its cost (issue 33) and is kept in memory (lib/kept-reads.ts): a part line, an hour
-- or an invoice written on it notifies as its valve does, so every server lets the kept detail go. A rate reaches
-- every work order of the organization.
CREATE FUNCTION work_order_ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('valve_changed', w.organization_id::text || ':' || w.valve_id::text)
    FROM work_orders w WHERE w.id = COALESCE(NEW.work_order_id, OLD.work_order_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION labor_rates_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('valve_changed', COALESCE(NEW.organization_id, OLD.organization_id)::text || ':*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_order_parts_changed AFTER INSERT OR UPDATE OR DELETE ON work_order_parts
  FOR EACH ROW EXECUTE FUNCTION work_order_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER labor_entries_changed AFTER INSERT OR UPDATE OR DELETE ON labor_entries
  FOR EACH ROW EXECUTE FUNCTION work_order_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER contractor_costs_changed AFTER INSERT OR UPDATE OR DELETE ON contractor_costs
  FOR EACH ROW EXECUTE FUNCTION work_order_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER labor_rates_changed AFTER INSERT OR UPDATE OR DELETE ON labor_rates
  FOR EACH ROW EXECUTE FUNCTION labor_rates_changed();
