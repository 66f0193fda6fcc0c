CREATE TABLE "relief_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"holder" text NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relief_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"orifice" text NOT NULL,
	"inlet_size" text NOT NULL,
	"outlet_size" text NOT NULL,
	"set_pressure" double precision NOT NULL,
	"capacity" text NOT NULL,
	"code_stamp" text NOT NULL,
	"design" text NOT NULL,
	"seat_type" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relief_installations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"installed_on" date NOT NULL,
	"removed_on" date
);
--> statement-breakpoint
CREATE TABLE "relief_instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" text NOT NULL,
	"identifier" text NOT NULL,
	"description" text NOT NULL,
	"calibration_due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relief_qualifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"certificate_id" integer NOT NULL,
	"number" text NOT NULL,
	"scope" text NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relief_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"tag" text NOT NULL,
	"plant" text NOT NULL,
	"valve_id" integer,
	"set_pressure" double precision NOT NULL,
	"protected_equipment" text NOT NULL,
	"service" text NOT NULL,
	"interval_rule" text DEFAULT 'fixed' NOT NULL,
	"interval_months" integer NOT NULL,
	"current_interval_months" integer NOT NULL,
	"interval_reason" text DEFAULT 'Not tested yet' NOT NULL,
	"max_interval_months" integer DEFAULT 120 NOT NULL,
	"last_tested_on" date,
	"next_due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relief_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"tag_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"tested_on" date NOT NULL,
	"place" text NOT NULL,
	"tester_user_id" integer NOT NULL,
	"certificate_id" integer NOT NULL,
	"gauge_id" integer NOT NULL,
	"bench_id" integer,
	"medium" text NOT NULL,
	"set_pressure" double precision NOT NULL,
	"code" text NOT NULL,
	"work" jsonb NOT NULL,
	"as_found_judgement" jsonb,
	"as_left_judgement" jsonb,
	"as_found_result" text,
	"as_left_result" text,
	"override" jsonb,
	"nameplate_accepted_by_user_id" integer,
	"nameplate_accepted_at" timestamp with time zone,
	"work_order_id" integer,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relief_certificates" ADD CONSTRAINT "relief_certificates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_devices" ADD CONSTRAINT "relief_devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_installations" ADD CONSTRAINT "relief_installations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_installations" ADD CONSTRAINT "relief_installations_tag_id_relief_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."relief_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_installations" ADD CONSTRAINT "relief_installations_device_id_relief_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."relief_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_instruments" ADD CONSTRAINT "relief_instruments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_qualifications" ADD CONSTRAINT "relief_qualifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_qualifications" ADD CONSTRAINT "relief_qualifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_qualifications" ADD CONSTRAINT "relief_qualifications_certificate_id_relief_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."relief_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tags" ADD CONSTRAINT "relief_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tags" ADD CONSTRAINT "relief_tags_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD CONSTRAINT "relief_tests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD CONSTRAINT "relief_tests_device_id_relief_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."relief_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD CONSTRAINT "relief_tests_tag_id_relief_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."relief_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD CONSTRAINT "relief_tests_tester_user_id_users_id_fk" FOREIGN KEY ("tester_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD CONSTRAINT "relief_tests_certificate_id_relief_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."relief_certificates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD CONSTRAINT "relief_tests_gauge_id_relief_instruments_id_fk" FOREIGN KEY ("gauge_id") REFERENCES "public"."relief_instruments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD CONSTRAINT "relief_tests_bench_id_relief_instruments_id_fk" FOREIGN KEY ("bench_id") REFERENCES "public"."relief_instruments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD CONSTRAINT "relief_tests_nameplate_accepted_by_user_id_users_id_fk" FOREIGN KEY ("nameplate_accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD CONSTRAINT "relief_tests_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "relief_devices_org_serial_idx" ON "relief_devices" USING btree ("organization_id","serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "relief_installations_open_tag_idx" ON "relief_installations" USING btree ("tag_id") WHERE removed_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "relief_installations_open_device_idx" ON "relief_installations" USING btree ("device_id") WHERE removed_on is null;--> statement-breakpoint
CREATE INDEX "relief_installations_device_idx" ON "relief_installations" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "relief_qualifications_user_idx" ON "relief_qualifications" USING btree ("user_id","certificate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "relief_tags_org_tag_idx" ON "relief_tags" USING btree ("organization_id","tag");--> statement-breakpoint
CREATE INDEX "relief_tags_org_due_idx" ON "relief_tags" USING btree ("organization_id","next_due_on");--> statement-breakpoint
CREATE INDEX "relief_tags_valve_idx" ON "relief_tags" USING btree ("valve_id");--> statement-breakpoint
CREATE INDEX "relief_tests_device_idx" ON "relief_tests" USING btree ("device_id","tested_on");--> statement-breakpoint
CREATE INDEX "relief_tests_tag_idx" ON "relief_tests" USING btree ("tag_id","tested_on");