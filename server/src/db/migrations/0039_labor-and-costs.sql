-- Hours, rates and contractors on work orders (issue 33, docs/decisions/111-labor-and-costs.md).
-- The organization's one currency; the parts ledger's migration adds it too, whichever runs first.
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
CREATE TABLE "labor_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"work_order_id" integer NOT NULL REFERENCES "work_orders"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"minutes" integer,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"worked_on" date NOT NULL,
	-- The rate in force on worked_on (the person's, else their role's), kept by the labor domain (decisions/111).
	"hourly_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"note" text,
	"logged_by_user_id" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labor_entries_minutes_check" CHECK ("minutes" is null or "minutes" between 1 and 1440),
	-- A row is logged minutes, a finished stretch, or a running timer (started, not ended, no minutes yet).
	CONSTRAINT "labor_entries_shape_check" CHECK ("minutes" is not null or ("started_at" is not null and "ended_at" is null))
);--> statement-breakpoint
CREATE INDEX "labor_entries_work_order_idx" ON "labor_entries" ("work_order_id");--> statement-breakpoint
CREATE INDEX "labor_entries_organization_day_idx" ON "labor_entries" ("organization_id", "worked_on");--> statement-breakpoint
-- One running timer per person: a second start is refused by the database even when two phones race.
CREATE UNIQUE INDEX "labor_entries_one_running_timer_idx" ON "labor_entries" ("user_id") WHERE "ended_at" is null and "minutes" is null;--> statement-breakpoint
CREATE TABLE "labor_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"role" text,
	"hourly_rate" numeric(12, 2) NOT NULL,
	"effective_from" date NOT NULL,
	"created_by_user_id" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labor_rates_who_check" CHECK (("user_id" is null) <> ("role" is null)),
	CONSTRAINT "labor_rates_rate_check" CHECK ("hourly_rate" >= 0)
);--> statement-breakpoint
CREATE INDEX "labor_rates_lookup_idx" ON "labor_rates" ("organization_id", "user_id", "role", "effective_from");--> statement-breakpoint
CREATE TABLE "contractor_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"work_order_id" integer NOT NULL REFERENCES "work_orders"("id") ON DELETE cascade,
	"supplier" text NOT NULL,
	"invoice_number" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"note" text,
	"logged_by_user_id" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_costs_amount_check" CHECK ("amount" >= 0)
);--> statement-breakpoint
CREATE INDEX "contractor_costs_work_order_idx" ON "contractor_costs" ("work_order_id");--> statement-breakpoint
-- Hours, rates and invoices are money: every change is in the audit trail.
CREATE TRIGGER labor_entries_audit AFTER INSERT OR UPDATE OR DELETE ON labor_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER labor_rates_audit AFTER INSERT OR UPDATE OR DELETE ON labor_rates
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER contractor_costs_audit AFTER INSERT OR UPDATE OR DELETE ON contractor_costs
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
