CREATE TABLE "attendance" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"session" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"locale" text NOT NULL,
	"invited_by" uuid,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_assistants" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_assistants_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"original_starts_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone,
	"day" text,
	"hour" text,
	"time_zone" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"recurrence_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"repeat_days" integer DEFAULT 1 NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL,
	"allow_before_owner" boolean DEFAULT false NOT NULL,
	"auto_record" boolean DEFAULT false NOT NULL,
	"allow_stop_recording" boolean DEFAULT true NOT NULL,
	"allow_download" boolean DEFAULT false NOT NULL,
	"notify_enter_exit" boolean DEFAULT false NOT NULL,
	"waiting_room" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"provider_meeting_id" text,
	"provider_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_record_id" text NOT NULL,
	"name" text NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"url" text,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_trials" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_assistants" ADD CONSTRAINT "meeting_assistants_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_assistants" ADD CONSTRAINT "meeting_assistants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_occurrences" ADD CONSTRAINT "meeting_occurrences_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_trials" ADD CONSTRAINT "room_trials_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_join_key" ON "attendance" USING btree ("meeting_id","session","provider_user_id","joined_at");--> statement-breakpoint
CREATE INDEX "attendance_meeting_idx" ON "attendance" USING btree ("meeting_id","joined_at");--> statement-breakpoint
CREATE INDEX "invitations_meeting_idx" ON "invitations" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "meeting_assistants_user_idx" ON "meeting_assistants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_occurrences_instance_key" ON "meeting_occurrences" USING btree ("meeting_id","original_starts_at");--> statement-breakpoint
CREATE INDEX "meeting_occurrences_starts_idx" ON "meeting_occurrences" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_number_key" ON "meetings" USING btree ("number");--> statement-breakpoint
CREATE INDEX "meetings_account_idx" ON "meetings" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "meetings_room_idx" ON "meetings" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "meetings_provider_idx" ON "meetings" USING btree ("provider_meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_provider_key" ON "recordings" USING btree ("provider","provider_record_id");--> statement-breakpoint
CREATE INDEX "recordings_meeting_idx" ON "recordings" USING btree ("meeting_id");