ALTER TABLE "valves" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(valve_id || ' ' || type || ' ' || manufacturer || ' ' || model || ' ' || plant || ' ' || location || ' ' || system)) STORED;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "started_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "completed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "cancelled_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_completed_by_user_id_users_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Orders completed before the names were kept: whoever recorded the completion's maintenance completed them.
UPDATE "work_orders" SET "completed_by_user_id" = (
  SELECT "performed_by_user_id" FROM "maintenance_records" m
  WHERE m."work_order_id" = "work_orders"."id" AND m."type" <> 'note'
  ORDER BY m."created_at" DESC LIMIT 1
) WHERE "status" = 'completed';
