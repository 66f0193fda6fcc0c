CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benchmarks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"target" double precision NOT NULL,
	"status" text NOT NULL,
	"trend" text NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"valve_id" integer NOT NULL,
	"work_order_id" integer,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"findings" text,
	"actions_performed" text,
	"performed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "performance_metrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"valve_id" integer NOT NULL,
	"availability" double precision NOT NULL,
	"reliability" double precision NOT NULL,
	"mtbf" double precision NOT NULL,
	"mttr" double precision NOT NULL,
	"operating_hours" double precision NOT NULL,
	"cycle_count" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"valve_id" integer,
	"work_order_id" integer,
	"description" text,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predictive_analytics" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"valve_id" integer NOT NULL,
	"health_score" double precision NOT NULL,
	"risk_level" text NOT NULL,
	"failure_probability" double precision NOT NULL,
	"confidence_level" double precision NOT NULL,
	"recommended_action" text,
	"trends" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"anomalies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_readings" (
	"organization_id" integer NOT NULL,
	"valve_id" integer NOT NULL,
	"sensor_type" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"quality" text DEFAULT 'good' NOT NULL,
	CONSTRAINT "sensor_readings_valve_id_sensor_type_timestamp_pk" PRIMARY KEY("valve_id","sensor_type","timestamp")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valves" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"valve_id" text NOT NULL,
	"type" text NOT NULL,
	"size" text NOT NULL,
	"pressure" text NOT NULL,
	"plant" text NOT NULL,
	"location" text NOT NULL,
	"system" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"specifications" text,
	"operating_manual" text,
	"installation_guide" text,
	"maintenance_procedure" text,
	"troubleshooting_guide" text,
	"safety_protocol" text,
	"parts_list" text,
	"nozzle_configuration" text,
	"torque_specifications" text,
	"national_board_info" text,
	"asme_code_info" text,
	"certification_data" text,
	"last_maintenance" date,
	"next_maintenance" date,
	"maintenance_interval_days" integer DEFAULT 180 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"work_order_id" text NOT NULL,
	"valve_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"due_date" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"assigned_to_user_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_performed_by_user_id_users_id_fk" FOREIGN KEY ("performed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_metrics" ADD CONSTRAINT "performance_metrics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_metrics" ADD CONSTRAINT "performance_metrics_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictive_analytics" ADD CONSTRAINT "predictive_analytics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictive_analytics" ADD CONSTRAINT "predictive_analytics_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valves" ADD CONSTRAINT "valves_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_org_created_idx" ON "activities" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_records_valve_idx" ON "maintenance_records" USING btree ("valve_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_records_work_order_idx" ON "maintenance_records" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "maintenance_records_org_type_idx" ON "maintenance_records" USING btree ("organization_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "performance_metrics_valve_idx" ON "performance_metrics" USING btree ("valve_id");--> statement-breakpoint
CREATE INDEX "photos_valve_idx" ON "photos" USING btree ("valve_id");--> statement-breakpoint
CREATE INDEX "photos_work_order_idx" ON "photos" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "predictive_analytics_valve_idx" ON "predictive_analytics" USING btree ("valve_id");--> statement-breakpoint
CREATE INDEX "sensor_readings_valve_time_idx" ON "sensor_readings" USING btree ("valve_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "valves_org_valve_id_idx" ON "valves" USING btree ("organization_id","valve_id");--> statement-breakpoint
CREATE INDEX "valves_org_plant_idx" ON "valves" USING btree ("organization_id","plant");--> statement-breakpoint
CREATE INDEX "valves_org_status_idx" ON "valves" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_org_wo_id_idx" ON "work_orders" USING btree ("organization_id","work_order_id");--> statement-breakpoint
CREATE INDEX "work_orders_valve_idx" ON "work_orders" USING btree ("valve_id");--> statement-breakpoint
CREATE INDEX "work_orders_org_status_idx" ON "work_orders" USING btree ("organization_id","status");