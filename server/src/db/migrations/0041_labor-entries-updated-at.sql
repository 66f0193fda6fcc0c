-- A kept work order's hours reach the devices through the change feed (issue 33): an entry changes when its timer
-- stops (possibly at a time pressed offline, long before the replay) or a rate re-prices it, so the feed needs the
-- moment the row last changed, not the moments worked.
ALTER TABLE labor_entries ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
--> statement-breakpoint
CREATE FUNCTION labor_entries_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER labor_entries_touch BEFORE UPDATE ON labor_entries
  FOR EACH ROW EXECUTE FUNCTION labor_entries_touch();
