CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb,
	"user_id" integer,
	"device" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"procedure_version_id" integer NOT NULL,
	"attached_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_step_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"step_key" text NOT NULL,
	"answer" text,
	"number_value" double precision,
	"photo_id" integer,
	"signature_id" integer,
	"failed" boolean DEFAULT false NOT NULL,
	"corrective_work_order_id" integer,
	"recorded_by_user_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"procedure_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"steps" jsonb NOT NULL,
	"corrective" text DEFAULT 'offer' NOT NULL,
	"signature_required" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_off_priorities" (
	"organization_id" integer NOT NULL,
	"priority" text NOT NULL,
	CONSTRAINT "sign_off_priorities_organization_id_priority_pk" PRIMARY KEY("organization_id","priority")
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"printed_name" text NOT NULL,
	"meaning" text NOT NULL,
	"kind" text DEFAULT 'signature' NOT NULL,
	"amends_signature_id" integer,
	"amendment_text" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device" text,
	CONSTRAINT "signatures_meaning_check" CHECK ("signatures"."meaning" in ('performed', 'reviewed', 'approved')),
	CONSTRAINT "signatures_kind_check" CHECK ("signatures"."kind" in ('signature', 'amendment'))
);
--> statement-breakpoint
ALTER TABLE "procedure_runs" ADD CONSTRAINT "procedure_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_runs" ADD CONSTRAINT "procedure_runs_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_runs" ADD CONSTRAINT "procedure_runs_procedure_version_id_procedure_versions_id_fk" FOREIGN KEY ("procedure_version_id") REFERENCES "public"."procedure_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_runs" ADD CONSTRAINT "procedure_runs_attached_by_user_id_users_id_fk" FOREIGN KEY ("attached_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_step_results" ADD CONSTRAINT "procedure_step_results_run_id_procedure_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."procedure_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_step_results" ADD CONSTRAINT "procedure_step_results_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_step_results" ADD CONSTRAINT "procedure_step_results_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_step_results" ADD CONSTRAINT "procedure_step_results_corrective_work_order_id_work_orders_id_fk" FOREIGN KEY ("corrective_work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_step_results" ADD CONSTRAINT "procedure_step_results_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_versions" ADD CONSTRAINT "procedure_versions_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_versions" ADD CONSTRAINT "procedure_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_off_priorities" ADD CONSTRAINT "sign_off_priorities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_row_idx" ON "audit_log" USING btree ("table_name","row_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_runs_work_order_version_idx" ON "procedure_runs" USING btree ("work_order_id","procedure_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_step_results_run_step_idx" ON "procedure_step_results" USING btree ("run_id","step_key");--> statement-breakpoint
CREATE INDEX "procedure_step_results_corrective_idx" ON "procedure_step_results" USING btree ("corrective_work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_versions_procedure_version_idx" ON "procedure_versions" USING btree ("procedure_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_org_name_idx" ON "procedures" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "signatures_entity_idx" ON "signatures" USING btree ("organization_id","entity_type","entity_id");--> statement-breakpoint
-- The audit trail (modules/audit, docs/decisions/061). One trigger function any table can attach: it writes who
-- (valveops.user_id / valveops.device, set for the transaction by lib/audit.ts), when, which row, and for an
-- update each changed field's old and new value. Secrets (columns ending in _hash) are never copied.
CREATE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- Append-only tables refuse every UPDATE, DELETE and TRUNCATE, whoever asks (the app's own role included).
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER signatures_append_only BEFORE UPDATE OR DELETE ON signatures FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER signatures_no_truncate BEFORE TRUNCATE ON signatures FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log, signatures FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER valves_audit AFTER INSERT OR UPDATE OR DELETE ON valves FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER work_orders_audit AFTER INSERT OR UPDATE OR DELETE ON work_orders FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER maintenance_records_audit AFTER INSERT OR UPDATE OR DELETE ON maintenance_records FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER procedures_audit AFTER INSERT OR UPDATE OR DELETE ON procedures FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER procedure_versions_audit AFTER INSERT OR UPDATE OR DELETE ON procedure_versions FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER procedure_runs_audit AFTER INSERT OR UPDATE OR DELETE ON procedure_runs FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER procedure_step_results_audit AFTER INSERT OR UPDATE OR DELETE ON procedure_step_results FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER signatures_audit AFTER INSERT ON signatures FOR EACH ROW EXECUTE FUNCTION audit_row_change();
