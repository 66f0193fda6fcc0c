CREATE TABLE "part_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_cost" numeric(12, 2),
	"work_order_id" integer,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_movements_quantity_not_zero" CHECK ("part_movements"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "part_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"on_hand" numeric(12, 3) DEFAULT 0 NOT NULL,
	"reserved" numeric(12, 3) DEFAULT 0 NOT NULL,
	"bin" text,
	CONSTRAINT "part_stock_on_hand_not_negative" CHECK ("part_stock"."on_hand" >= 0),
	CONSTRAINT "part_stock_reserved_within_on_hand" CHECK ("part_stock"."reserved" >= 0 and "part_stock"."reserved" <= "part_stock"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"part_number" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"manufacturer" text,
	"unit" text NOT NULL,
	"unit_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"minimum_stock" numeric(12, 3) DEFAULT 0 NOT NULL,
	"fits_models" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"reserved" numeric(12, 3) DEFAULT 0 NOT NULL,
	"issued" numeric(12, 3) DEFAULT 0 NOT NULL,
	"cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_parts_not_negative" CHECK ("work_order_parts"."reserved" >= 0 and "work_order_parts"."issued" >= 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "part_movements" ADD CONSTRAINT "part_movements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_movements" ADD CONSTRAINT "part_movements_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_movements" ADD CONSTRAINT "part_movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_movements" ADD CONSTRAINT "part_movements_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_movements" ADD CONSTRAINT "part_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_stock" ADD CONSTRAINT "part_stock_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_stock" ADD CONSTRAINT "part_stock_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_stock" ADD CONSTRAINT "part_stock_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_parts" ADD CONSTRAINT "work_order_parts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_parts" ADD CONSTRAINT "work_order_parts_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_parts" ADD CONSTRAINT "work_order_parts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_parts" ADD CONSTRAINT "work_order_parts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_movements_part_idx" ON "part_movements" USING btree ("part_id","id");--> statement-breakpoint
CREATE INDEX "part_movements_work_order_idx" ON "part_movements" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "part_stock_part_store_idx" ON "part_stock" USING btree ("part_id","store_id");--> statement-breakpoint
CREATE INDEX "part_stock_store_idx" ON "part_stock" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_org_part_number_idx" ON "parts" USING btree ("organization_id","part_number");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_org_plant_name_idx" ON "stores" USING btree ("organization_id","plant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_parts_line_idx" ON "work_order_parts" USING btree ("work_order_id","part_id","store_id");--> statement-breakpoint
-- The parts ledger in the audit trail (docs/decisions/110-parts-ledger.md): every movement is a row written once,
-- with who (the request's actor, else its user_id); the catalog's and stores' changes field by field; a stock
-- row's bin label. A stock row's on_hand and reserved are not audited: each change of them is a movement already.
CREATE TRIGGER parts_audit AFTER INSERT OR UPDATE ON parts FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER stores_audit AFTER INSERT OR UPDATE ON stores FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER part_stock_audit AFTER UPDATE OF bin ON part_stock FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER part_movements_audit AFTER INSERT ON part_movements FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
-- The ledger is append-only: a mistake is corrected by another movement, never by changing one.
CREATE TRIGGER part_movements_append_only BEFORE UPDATE OR DELETE ON part_movements
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- A movement is never changed, so its insert is all its history has to say: like a signature's (migration 0023),
-- its audit entry keeps what moved, how much, where, for which work order and why, in the shape of an update's
-- changes. Every other insert is logged as before, without values.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  the_row jsonb := coalesce(new_row, old_row);
  diff jsonb;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(key, CASE WHEN key LIKE '%\_hash' THEN '{"old":"(secret)","new":"(changed)"}'::jsonb
                                      ELSE jsonb_build_object('old', old_row -> key, 'new', value) END)
      INTO diff
      FROM jsonb_each(new_row)
      WHERE key NOT IN ('updated_at', 'version') AND old_row -> key IS DISTINCT FROM value;
    IF diff IS NULL THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(key, value) INTO diff FROM jsonb_each(old_row) WHERE key NOT LIKE '%\_hash';
  ELSIF TG_TABLE_NAME = 'signatures' THEN
    SELECT jsonb_object_agg(key, jsonb_build_object('old', null, 'new', value))
      INTO diff
      FROM jsonb_each(new_row)
      WHERE key IN ('printed_name', 'meaning', 'kind', 'amendment_text', 'amends_signature_id', 'content_hash')
        AND value <> 'null'::jsonb;
  ELSIF TG_TABLE_NAME = 'part_movements' THEN
    SELECT jsonb_object_agg(key, jsonb_build_object('old', null, 'new', value))
      INTO diff
      FROM jsonb_each(new_row)
      WHERE key IN ('kind', 'quantity', 'unit_cost', 'store_id', 'work_order_id', 'reason') AND value <> 'null'::jsonb;
  END IF;
  INSERT INTO audit_log (organization_id, table_name, row_id, action, changes, user_id, device)
  VALUES ((the_row ->> 'organization_id')::integer, TG_TABLE_NAME, coalesce(the_row ->> 'id', ''), lower(TG_OP), diff,
          -- Without a named actor, a new row's own author column says who made it.
          coalesce(nullif(current_setting('valveops.user_id', true), '')::integer,
                   CASE WHEN TG_OP = 'INSERT' THEN coalesce(the_row ->> 'created_by_user_id',
                     the_row ->> 'performed_by_user_id', the_row ->> 'recorded_by_user_id',
                     the_row ->> 'attached_by_user_id', the_row ->> 'user_id')::integer END),
          nullif(current_setting('valveops.device', true), ''));
  RETURN NULL;
END $$;
