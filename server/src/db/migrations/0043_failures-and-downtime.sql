-- Failures, downtime and bad actors (issue 34, docs/decisions/112-failures-and-downtime.md). The standard failure
-- codes (ISO 14224 Annex B) are in the code; an organization's own codes are rows of failure_codes.
CREATE TABLE "failure_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "failure_codes_kind_check" CHECK ("kind" in ('mode', 'mechanism', 'cause', 'remedy', 'detection'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "failure_codes_code_idx" ON "failure_codes" ("organization_id", "kind", upper("code"));--> statement-breakpoint
CREATE TABLE "work_order_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL REFERENCES "work_orders"("id") ON DELETE cascade,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"valve_id" integer NOT NULL REFERENCES "valves"("id"),
	"mode" text NOT NULL,
	"mechanism" text,
	"cause" text,
	"remedy" text,
	"detected_by" text,
	"failed_at" timestamp with time zone NOT NULL,
	"recorded_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_failures_work_order_idx" ON "work_order_failures" ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_failures_valve_idx" ON "work_order_failures" ("organization_id", "valve_id", "failed_at");--> statement-breakpoint
CREATE TABLE "downtime_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"work_order_id" integer NOT NULL REFERENCES "work_orders"("id") ON DELETE cascade,
	"valve_id" integer NOT NULL REFERENCES "valves"("id"),
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"recorded_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downtime_periods_order_check" CHECK ("ended_at" > "started_at")
);--> statement-breakpoint
CREATE INDEX "downtime_periods_work_order_idx" ON "downtime_periods" ("work_order_id");--> statement-breakpoint
CREATE INDEX "downtime_periods_valve_idx" ON "downtime_periods" ("organization_id", "valve_id", "started_at");--> statement-breakpoint
-- A failure report and the downtime are reliability records: every change is in the audit trail.
CREATE TRIGGER failure_codes_audit AFTER INSERT OR UPDATE OR DELETE ON failure_codes
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER work_order_failures_audit AFTER INSERT OR UPDATE OR DELETE ON work_order_failures
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER downtime_periods_audit AFTER INSERT OR UPDATE OR DELETE ON downtime_periods
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
