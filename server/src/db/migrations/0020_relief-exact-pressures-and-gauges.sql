ALTER TABLE "relief_devices" ADD COLUMN "set_pressure_entered" double precision;--> statement-breakpoint
ALTER TABLE "relief_devices" ADD COLUMN "pressure_unit" text DEFAULT 'psi' NOT NULL;--> statement-breakpoint
ALTER TABLE "relief_installations" ADD COLUMN "set_pressure_reason" text;--> statement-breakpoint
ALTER TABLE "relief_installations" ADD COLUMN "reason_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "relief_instruments" ADD COLUMN "range_max" double precision;--> statement-breakpoint
ALTER TABLE "relief_instruments" ADD COLUMN "range_unit" text DEFAULT 'psi' NOT NULL;--> statement-breakpoint
ALTER TABLE "relief_instruments" ADD COLUMN "accuracy_percent" double precision;--> statement-breakpoint
ALTER TABLE "relief_tags" ADD COLUMN "set_pressure_entered" double precision;--> statement-breakpoint
ALTER TABLE "relief_tags" ADD COLUMN "pressure_unit" text DEFAULT 'psi' NOT NULL;--> statement-breakpoint
ALTER TABLE "relief_tests" ADD COLUMN "pressure_unit" text DEFAULT 'psi' NOT NULL;--> statement-breakpoint
ALTER TABLE "relief_installations" ADD CONSTRAINT "relief_installations_reason_by_user_id_users_id_fk" FOREIGN KEY ("reason_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;