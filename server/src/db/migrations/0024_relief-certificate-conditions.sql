-- The relief certificate's set conditions and calibration dates (issue 28): optional, so records before stay valid.
ALTER TABLE "relief_devices" ADD COLUMN "service_fluid" text;--> statement-breakpoint
ALTER TABLE "relief_devices" ADD COLUMN "cold_differential_test_pressure" double precision;--> statement-breakpoint
ALTER TABLE "relief_devices" ADD COLUMN "superimposed_back_pressure" double precision;--> statement-breakpoint
ALTER TABLE "relief_devices" ADD COLUMN "built_up_back_pressure" double precision;--> statement-breakpoint
ALTER TABLE "relief_instruments" ADD COLUMN "calibrated_on" date;