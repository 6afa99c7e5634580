CREATE TABLE "recording_downloads" (
	"recording_id" uuid NOT NULL,
	"downloader" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_downloads_recording_id_downloader_pk" PRIMARY KEY("recording_id","downloader")
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "external_user_id" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "source" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "join_seen" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "formats" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "participants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "recording_downloads" ADD CONSTRAINT "recording_downloads_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_external_idx" ON "attendance" USING btree ("meeting_id","external_user_id");--> statement-breakpoint
CREATE INDEX "attendance_user_idx" ON "attendance" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE INDEX "meetings_account_started_idx" ON "meetings" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE INDEX "recordings_account_start_idx" ON "recordings" USING btree ("account_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_share_token_key" ON "recordings" USING btree ("share_token");--> statement-breakpoint
UPDATE "recordings" SET "formats" = jsonb_build_array(jsonb_build_object('type', 'presentation', 'url', "url")) WHERE "url" IS NOT NULL;