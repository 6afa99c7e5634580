CREATE TABLE "storage_alerts" (
	"scope" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"level" text NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "storage_alerts" ADD CONSTRAINT "storage_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_alerts_account_idx" ON "storage_alerts" USING btree ("account_id");