-- Webhooks (issue 32), two amendments of migration 0036.
-- relief_test.failed (issue 32) is also sent when an engineer overrides a submitted test's as-found verdict to fail
-- (record-commands.ts overrideVerdict): the record already counted, and now it failed. Sent once: only when a
-- result turns to fail on a submitted test that had no failed result before.
CREATE OR REPLACE FUNCTION relief_tests_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'submitted' AND 'fail' IN (NEW.as_found_result, NEW.as_left_result)
     AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'submitted'
          OR 'fail' NOT IN (COALESCE(OLD.as_found_result, ''), COALESCE(OLD.as_left_result, ''))) THEN
    PERFORM webhook_event(NEW.organization_id, 'relief_test.failed', jsonb_build_object(
      'testId', NEW.id,
      'tag', (SELECT t.tag FROM relief_tags t WHERE t.id = NEW.tag_id),
      'testedOn', NEW.tested_on,
      'asFoundResult', NEW.as_found_result,
      'asLeftResult', NEW.as_left_result,
      'workOrderId', (SELECT wo.work_order_id FROM work_orders wo WHERE wo.id = NEW.work_order_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER relief_tests_webhooks ON relief_tests;
--> statement-breakpoint
CREATE TRIGGER relief_tests_webhooks AFTER INSERT OR UPDATE OF status, as_found_result, as_left_result ON relief_tests
  FOR EACH ROW EXECUTE FUNCTION relief_tests_webhook_events();
--> statement-breakpoint
-- An event written tells the servers at once ('webhook_event', on commit), so the delivery job runs within the
-- queue's polling (10 s) rather than at its next minute (modules/webhooks/deliver.ts, watchWebhookEvents).
CREATE OR REPLACE FUNCTION webhook_event(org integer, kind text, payload jsonb, dedupe text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhooks w WHERE w.organization_id = org AND w.deleted_at IS NULL AND kind = ANY (w.events)) THEN
    INSERT INTO webhook_events (organization_id, type, data, dedupe_key) VALUES (org, kind, payload, dedupe)
      ON CONFLICT DO NOTHING;
    IF FOUND THEN
      PERFORM pg_notify('webhook_event', org::text);
    END IF;
  END IF;
END $$;
