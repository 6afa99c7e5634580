ALTER TABLE "notifications" ADD COLUMN "collapse_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_collapse_key" ON "notifications" USING btree ("user_id","account_id","collapse_key") WHERE "notifications"."read" = false and "notifications"."dismissed_at" is null;