CREATE TABLE "plant_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"plant" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_areas_org_plant_name_key" UNIQUE("organization_id","plant","name")
);
--> statement-breakpoint
CREATE TABLE "plant_systems" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"plant" text NOT NULL,
	"area" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_systems_org_plant_area_name_key" UNIQUE("organization_id","plant","area","name")
);
--> statement-breakpoint
-- The plant tree (issue 30) from the free texts valves hold, losing nothing: a valve's area is its location's text
-- before the first comma (the whole text when it has none; common/plant-places.ts areaOfLocation), its
-- system stays its system, and the location text stays whole as the position's description. Spellings that differ
-- only in case become one node, spelled as most of the valves spell it. The audit trigger is off for the backfill:
-- no one changed these valves, the structure did.
ALTER TABLE "valves" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "valves" DISABLE TRIGGER "valves_audit";--> statement-breakpoint
UPDATE "valves" SET "area" = COALESCE(NULLIF(btrim(split_part("location", ',', 1)), ''), 'General');--> statement-breakpoint
UPDATE "valves" v SET "area" = c."spelling" FROM (
	SELECT DISTINCT ON ("organization_id", "plant", lower("area")) "organization_id", "plant", lower("area") AS "folded", "area" AS "spelling"
	FROM "valves" GROUP BY "organization_id", "plant", "area"
	ORDER BY "organization_id", "plant", lower("area"), count(*) DESC, "area" COLLATE "C"
) c WHERE v."organization_id" = c."organization_id" AND v."plant" = c."plant" AND lower(v."area") = c."folded" AND v."area" <> c."spelling";--> statement-breakpoint
UPDATE "valves" v SET "system" = c."spelling" FROM (
	SELECT DISTINCT ON ("organization_id", "plant", "area", lower("system")) "organization_id", "plant", "area", lower("system") AS "folded", "system" AS "spelling"
	FROM "valves" GROUP BY "organization_id", "plant", "area", "system"
	ORDER BY "organization_id", "plant", "area", lower("system"), count(*) DESC, "system" COLLATE "C"
) c WHERE v."organization_id" = c."organization_id" AND v."plant" = c."plant" AND v."area" = c."area" AND lower(v."system") = c."folded" AND v."system" <> c."spelling";--> statement-breakpoint
ALTER TABLE "valves" ENABLE TRIGGER "valves_audit";--> statement-breakpoint
ALTER TABLE "valves" ALTER COLUMN "area" SET NOT NULL;--> statement-breakpoint
INSERT INTO "plant_areas" ("organization_id", "plant", "name")
SELECT DISTINCT "organization_id", "plant", "area" FROM "valves";--> statement-breakpoint
INSERT INTO "plant_systems" ("organization_id", "plant", "area", "name")
SELECT DISTINCT "organization_id", "plant", "area", "system" FROM "valves";
--> statement-breakpoint
ALTER TABLE "valves" drop column "search_text";
--> statement-breakpoint
ALTER TABLE "valves" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(valve_id || ' ' || type || ' ' || manufacturer || ' ' || model || ' ' || plant || ' ' || area || ' ' || location || ' ' || system)) STORED;
--> statement-breakpoint
ALTER TABLE "plant_areas" ADD CONSTRAINT "plant_areas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plant_areas" ADD CONSTRAINT "plant_areas_plant_fk" FOREIGN KEY ("organization_id","plant") REFERENCES "public"."plants"("organization_id","name") ON DELETE no action ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "plant_systems" ADD CONSTRAINT "plant_systems_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plant_systems" ADD CONSTRAINT "plant_systems_area_fk" FOREIGN KEY ("organization_id","plant","area") REFERENCES "public"."plant_areas"("organization_id","plant","name") ON DELETE no action ON UPDATE cascade;
--> statement-breakpoint
CREATE UNIQUE INDEX "plant_areas_org_plant_lower_name_idx" ON "plant_areas" USING btree ("organization_id","plant",lower("name"));
--> statement-breakpoint
CREATE UNIQUE INDEX "plant_systems_org_plant_area_lower_name_idx" ON "plant_systems" USING btree ("organization_id","plant","area",lower("name"));
--> statement-breakpoint
CREATE INDEX "valves_org_plant_area_system_idx" ON "valves" USING btree ("organization_id","plant","area","system");
--> statement-breakpoint
-- A valve names its plant through its system now: one chain of cascading keys, not two paths (decisions/103).
ALTER TABLE "valves" DROP CONSTRAINT "valves_plant_fk";--> statement-breakpoint
ALTER TABLE "valves" ADD CONSTRAINT "valves_system_fk" FOREIGN KEY ("organization_id","plant","area","system") REFERENCES "public"."plant_systems"("organization_id","plant","area","name") ON DELETE no action ON UPDATE cascade;
--> statement-breakpoint
-- A tree edit is a record an auditor reads, like a plant's rename.
CREATE TRIGGER plant_areas_audit AFTER INSERT OR UPDATE OR DELETE ON plant_areas FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER plant_systems_audit AFTER INSERT OR UPDATE OR DELETE ON plant_systems FOR EACH ROW EXECUTE FUNCTION audit_row_change();
