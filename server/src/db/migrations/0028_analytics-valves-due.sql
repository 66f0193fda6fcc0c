CREATE TABLE "analytics_valves_due" (
	"valve_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"readings_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_valves_due" ADD CONSTRAINT "analytics_valves_due_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_valves_due" ADD CONSTRAINT "analytics_valves_due_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;