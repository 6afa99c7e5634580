ALTER TABLE "sessions" ADD COLUMN "sso_sid" text;--> statement-breakpoint
CREATE INDEX "sessions_sso_sid_idx" ON "sessions" USING btree ("sso_sid") WHERE "sessions"."sso_sid" is not null;