ALTER TABLE "notifications" ADD COLUMN "work_order_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "work_order_number" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "work_order_title" text;