ALTER TABLE "unread_messages" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "chat_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "unread_messages_undigested_idx" ON "unread_messages" USING btree ("created_at") WHERE "unread_messages"."digested_at" is null;