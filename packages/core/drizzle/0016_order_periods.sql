ALTER TABLE "orders" ADD COLUMN "period_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" o SET "period_ends_at" = s."renews_at", "period_starts_at" = s."renews_at" - (CASE WHEN o."period" = 'annual' THEN interval '1 year' ELSE interval '1 month' END) FROM "subscriptions" s WHERE s."order_id" = o."id" AND o."status" = 'completed' AND o."period" <> 'daily';--> statement-breakpoint
UPDATE "orders" SET "period_starts_at" = "completed_at", "period_ends_at" = "completed_at" + (CASE WHEN "period" = 'annual' THEN interval '1 year' ELSE interval '1 month' END) WHERE "status" = 'completed' AND "period" <> 'daily' AND "period_ends_at" IS NULL AND "completed_at" IS NOT NULL;
