-- Alarms (issue 35): a valve's criticality (A, B, C) and the alarm life cycle of ISA-18.2 over the anomaly episodes.
ALTER TABLE "valves" ADD COLUMN "criticality" text DEFAULT 'B' NOT NULL;--> statement-breakpoint
ALTER TABLE "valves" ADD CONSTRAINT "valves_criticality_check" CHECK ("criticality" in ('A', 'B', 'C'));--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"valve_id" integer NOT NULL REFERENCES "valves"("id") ON DELETE cascade,
	"raised_at" timestamp with time zone NOT NULL,
	"last_raised_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"activations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chattering" boolean DEFAULT false NOT NULL,
	"severity" text NOT NULL,
	"priority" text NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text NOT NULL,
	"fault" text,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"shelved_at" timestamp with time zone,
	"shelved_until" timestamp with time zone,
	"shelve_reason" text,
	"shelved_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"suppressed_reason" text,
	"suppressed_at" timestamp with time zone,
	"work_order_id" integer REFERENCES "work_orders"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarms_priority_check" CHECK ("priority" in ('critical', 'high', 'medium', 'low')),
	CONSTRAINT "alarms_suppressed_reason_check" CHECK ("suppressed_reason" in ('out_of_service', 'work_order')),
	CONSTRAINT "alarms_shelve_check" CHECK (("shelved_until" is null) = ("shelve_reason" is null))
);--> statement-breakpoint
CREATE INDEX "alarms_organization_raised_idx" ON "alarms" ("organization_id", "raised_at");--> statement-breakpoint
CREATE INDEX "alarms_valve_raised_idx" ON "alarms" ("valve_id", "raised_at");--> statement-breakpoint
-- The control room's list: what is not back to normal and acknowledged.
CREATE INDEX "alarms_open_idx" ON "alarms" ("organization_id") WHERE "cleared_at" is null or "acknowledged_at" is null;--> statement-breakpoint
-- Acknowledgements, shelving and suppression are records of who did what: every change is in the audit trail.
CREATE TRIGGER alarms_audit AFTER INSERT OR UPDATE OR DELETE ON alarms
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
