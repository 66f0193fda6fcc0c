CREATE TABLE "anomaly_episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"valve_id" integer NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone,
	"severity" text NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text NOT NULL,
	"fault" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_periods" (
	"valve_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"from" timestamp with time zone NOT NULL,
	"to" timestamp with time zone NOT NULL,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_readings" (
	"channel_id" integer NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "channel_readings_channel_id_timestamp_pk" PRIMARY KEY("channel_id","timestamp")
);
--> statement-breakpoint
CREATE TABLE "channel_rollups" (
	"channel_id" integer NOT NULL,
	"step_ms" integer NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"last" double precision NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_rollups_channel_id_step_ms_t_pk" PRIMARY KEY("channel_id","step_ms","t")
);
--> statement-breakpoint
CREATE TABLE "valve_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"valve_id" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" text NOT NULL,
	"unit" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anomaly_episodes" ADD CONSTRAINT "anomaly_episodes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anomaly_episodes" ADD CONSTRAINT "anomaly_episodes_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_periods" ADD CONSTRAINT "reference_periods_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_periods" ADD CONSTRAINT "reference_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_periods" ADD CONSTRAINT "reference_periods_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_readings" ADD CONSTRAINT "channel_readings_channel_id_valve_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."valve_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_rollups" ADD CONSTRAINT "channel_rollups_channel_id_valve_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."valve_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valve_channels" ADD CONSTRAINT "valve_channels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valve_channels" ADD CONSTRAINT "valve_channels_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anomaly_episodes_valve_start_idx" ON "anomaly_episodes" USING btree ("valve_id","start");--> statement-breakpoint
CREATE UNIQUE INDEX "valve_channels_valve_name_idx" ON "valve_channels" USING btree ("valve_id","name");