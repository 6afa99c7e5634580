CREATE TABLE "cookie_consents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"choice" text NOT NULL,
	"policy_version" integer NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cookie_consents" ADD CONSTRAINT "cookie_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;