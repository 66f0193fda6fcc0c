CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"webhook_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"response_snippet" text,
	"error" text,
	"retrying_since" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text,
	"signing_secret" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_webhook_idx" ON "webhook_deliveries" USING btree ("event_id","webhook_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_dedupe_idx" ON "webhook_events" USING btree ("organization_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "webhook_events_waiting_idx" ON "webhook_events" USING btree ("id") WHERE "webhook_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "webhooks_organization_idx" ON "webhooks" USING btree ("organization_id");--> statement-breakpoint
-- Making and deleting a webhook go into the audit trail. Deletion is a soft one (deleted_at) and there is no DELETE
-- trigger: the audit of a deleted row lists its values, and this row holds the signing secret.
CREATE TRIGGER webhooks_audit AFTER INSERT OR UPDATE OF url, events, description, deleted_at ON webhooks
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
-- The transactional outbox (docs/decisions/108-webhooks-outbox.md): the triggers below record an event in the
-- transaction of the change, so a rolled-back change records none and a committed one cannot lose its event. An
-- organization with no active webhook wanting the event pays one indexed EXISTS and writes nothing.
CREATE FUNCTION webhook_event(org integer, kind text, payload jsonb, dedupe text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhooks w WHERE w.organization_id = org AND w.deleted_at IS NULL AND kind = ANY (w.events)) THEN
    INSERT INTO webhook_events (organization_id, type, data, dedupe_key) VALUES (org, kind, payload, dedupe)
      ON CONFLICT DO NOTHING;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION work_orders_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.organization_id = NEW.organization_id AND w.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  payload := jsonb_build_object(
    'workOrderId', NEW.work_order_id,
    'valveId', (SELECT v.valve_id FROM valves v WHERE v.id = NEW.valve_id),
    'title', NEW.title,
    'status', NEW.status,
    'priority', NEW.priority,
    'dueDate', NEW.due_date);
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_event(NEW.organization_id, 'work_order.created', payload);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM webhook_event(NEW.organization_id, 'work_order.status_changed',
      payload || jsonb_build_object('from', OLD.status, 'to', NEW.status));
    IF NEW.status = 'completed' THEN
      PERFORM webhook_event(NEW.organization_id, 'work_order.completed',
        payload || jsonb_build_object('completedAt', NEW.completed_at));
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_orders_webhooks AFTER INSERT OR UPDATE OF status ON work_orders
  FOR EACH ROW EXECUTE FUNCTION work_orders_webhook_events();--> statement-breakpoint
-- A plan's occurrence is raised when its work order is attached to it (modules/maintenance-plans/generate.ts).
CREATE FUNCTION plan_occurrences_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.work_order_id IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.work_order_id IS NULL) THEN
    PERFORM webhook_event(NEW.organization_id, 'plan.occurrence_raised', jsonb_build_object(
      'planId', NEW.plan_id,
      'planTitle', (SELECT p.title FROM maintenance_plans p WHERE p.id = NEW.plan_id),
      'workOrderId', (SELECT wo.work_order_id FROM work_orders wo WHERE wo.id = NEW.work_order_id),
      'valveId', (SELECT v.valve_id FROM valves v WHERE v.id = NEW.valve_id),
      'dueAt', NEW.due_at));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER maintenance_plan_occurrences_webhooks AFTER INSERT OR UPDATE OF work_order_id
  ON maintenance_plan_occurrences FOR EACH ROW EXECUTE FUNCTION plan_occurrences_webhook_events();--> statement-breakpoint
-- A recompute deletes and writes again the episodes of the span it assessed: an open episode is told once, by its
-- valve and start (the dedupe key); an episode already ended when first found is history, not an opening.
CREATE FUNCTION anomaly_episodes_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."end" IS NULL THEN
    PERFORM webhook_event(NEW.organization_id, 'anomaly.opened', jsonb_build_object(
      'valveId', (SELECT v.valve_id FROM valves v WHERE v.id = NEW.valve_id),
      'start', NEW.start,
      'severity', NEW.severity,
      'description', NEW.description,
      'fault', NEW.fault,
      'channels', NEW.channels),
      'anomaly:' || NEW.valve_id || ':' || extract(epoch FROM NEW.start)::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER anomaly_episodes_webhooks AFTER INSERT ON anomaly_episodes
  FOR EACH ROW EXECUTE FUNCTION anomaly_episodes_webhook_events();--> statement-breakpoint
-- A relief test is recorded when submitted; it failed when its as-found or as-left result is 'fail'.
CREATE FUNCTION relief_tests_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'submitted' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'submitted')
     AND 'fail' IN (NEW.as_found_result, NEW.as_left_result) THEN
    PERFORM webhook_event(NEW.organization_id, 'relief_test.failed', jsonb_build_object(
      'testId', NEW.id,
      'tag', (SELECT t.tag FROM relief_tags t WHERE t.id = NEW.tag_id),
      'testedOn', NEW.tested_on,
      'asFoundResult', NEW.as_found_result,
      'asLeftResult', NEW.as_left_result,
      'workOrderId', (SELECT wo.work_order_id FROM work_orders wo WHERE wo.id = NEW.work_order_id)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER relief_tests_webhooks AFTER INSERT OR UPDATE OF status ON relief_tests
  FOR EACH ROW EXECUTE FUNCTION relief_tests_webhook_events();
