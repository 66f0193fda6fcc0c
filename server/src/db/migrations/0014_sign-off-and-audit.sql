ALTER TABLE "sign_off_priorities" DROP CONSTRAINT "sign_off_priorities_organization_id_priority_pk";--> statement-breakpoint
ALTER TABLE "sign_off_priorities" ADD COLUMN "stage" text DEFAULT 'complete' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_off_priorities" ADD CONSTRAINT "sign_off_priorities_organization_id_priority_stage_pk" PRIMARY KEY("organization_id","priority","stage");--> statement-breakpoint
ALTER TABLE "sign_off_priorities" ADD CONSTRAINT "sign_off_priorities_stage_check" CHECK ("sign_off_priorities"."stage" in ('complete', 'approve', 'close'));--> statement-breakpoint
ALTER TABLE "procedure_versions" ADD COLUMN "sign_off" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A version that asked for a signature asked for it at completion.
UPDATE "procedure_versions" SET "sign_off" = '["complete"]'::jsonb WHERE "signature_required";--> statement-breakpoint
ALTER TABLE "procedure_versions" DROP COLUMN "signature_required";--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "approved_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "closed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The audit trail (decisions/061) covers the newer tables that hold records: plans and relief valve work.
CREATE TRIGGER maintenance_plans_audit AFTER INSERT OR UPDATE OR DELETE ON maintenance_plans FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER relief_tags_audit AFTER INSERT OR UPDATE OR DELETE ON relief_tags FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER relief_devices_audit AFTER INSERT OR UPDATE OR DELETE ON relief_devices FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER relief_installations_audit AFTER INSERT OR UPDATE OR DELETE ON relief_installations FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER relief_tests_audit AFTER INSERT OR UPDATE OR DELETE ON relief_tests FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER relief_certificates_audit AFTER INSERT OR UPDATE OR DELETE ON relief_certificates FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER relief_qualifications_audit AFTER INSERT OR UPDATE OR DELETE ON relief_qualifications FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER relief_instruments_audit AFTER INSERT OR UPDATE OR DELETE ON relief_instruments FOR EACH ROW EXECUTE FUNCTION audit_row_change();
