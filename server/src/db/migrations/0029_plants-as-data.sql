CREATE TABLE "valve_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "valves_org_valve_id_idx";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tag_pattern" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "units" jsonb DEFAULT '{"pressure":"psi","temperature":"°F","size":"in"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "site_name" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "valve_types" ADD CONSTRAINT "valve_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "valve_types_org_lower_name_idx" ON "valve_types" USING btree ("organization_id",lower("name"));--> statement-breakpoint
-- Plants become data (issue 30): every plant a record names is a row before the foreign keys hold the names, so
-- nothing is lost; the demo's four plants keep the zones they had as constants.
INSERT INTO "plants" ("organization_id", "name")
SELECT DISTINCT "organization_id", "plant" FROM (
	SELECT "organization_id", "plant" FROM "valves"
	UNION SELECT "organization_id", "plant" FROM "relief_tags"
	UNION SELECT "organization_id", "plant" FROM "emergencies"
	UNION SELECT "organization_id", "plant" FROM "activities" WHERE "plant" IS NOT NULL
) named
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "plants" SET "time_zone" = CASE "name"
	WHEN 'Power Plant A' THEN 'America/Chicago'
	WHEN 'Gas Plant B' THEN 'America/Chicago'
	WHEN 'Chemical Plant C' THEN 'America/New_York'
	WHEN 'Nuclear Plant D' THEN 'America/New_York'
	ELSE "time_zone" END;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_plant_fk" FOREIGN KEY ("organization_id","plant") REFERENCES "public"."plants"("organization_id","name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_plant_fk" FOREIGN KEY ("organization_id","plant") REFERENCES "public"."plants"("organization_id","name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "relief_tags" ADD CONSTRAINT "relief_tags_plant_fk" FOREIGN KEY ("organization_id","plant") REFERENCES "public"."plants"("organization_id","name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "valves" ADD CONSTRAINT "valves_plant_fk" FOREIGN KEY ("organization_id","plant") REFERENCES "public"."plants"("organization_id","name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "plants_org_lower_name_idx" ON "plants" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "valves_org_lower_valve_id_idx" ON "valves" USING btree ("organization_id",lower("valve_id"));--> statement-breakpoint
-- A plant's rename, zone or retirement and a type added to the catalog are records an auditor reads, like the rest.
CREATE TRIGGER plants_audit AFTER INSERT OR UPDATE OR DELETE ON plants FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER valve_types_audit AFTER INSERT OR UPDATE OR DELETE ON valve_types FOR EACH ROW EXECUTE FUNCTION audit_row_change();
