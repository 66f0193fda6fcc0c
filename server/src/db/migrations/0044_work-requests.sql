-- Work requests (issue 34): reported by anyone at a valve, through its request QR with no account or signed in;
-- triaged by a supervisor into a work order, merged into an open one, or rejected with a reason.
CREATE TABLE "valve_request_labels" (
	"valve_id" integer PRIMARY KEY NOT NULL REFERENCES "valves"("id") ON DELETE cascade,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"token" text NOT NULL UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "work_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"valve_id" integer NOT NULL REFERENCES "valves"("id"),
	"description" text NOT NULL,
	"name" text,
	"contact" text,
	"photo_key" text,
	"source" text NOT NULL,
	"requested_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"address_hash" text,
	"status_token_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"work_order_id" integer REFERENCES "work_orders"("id") ON DELETE set null,
	"reason" text,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_requests_status_check" CHECK ("status" in ('open', 'approved', 'merged', 'rejected'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "work_requests_status_token_idx" ON "work_requests" ("status_token_hash");--> statement-breakpoint
CREATE INDEX "work_requests_organization_status_idx" ON "work_requests" ("organization_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX "work_requests_valve_idx" ON "work_requests" ("valve_id", "created_at");--> statement-breakpoint
CREATE INDEX "work_requests_address_idx" ON "work_requests" ("address_hash", "created_at");--> statement-breakpoint
-- Triage is a record of who decided what: every change is in the audit trail.
CREATE TRIGGER work_requests_audit AFTER INSERT OR UPDATE OR DELETE ON work_requests
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
