CREATE TABLE "chat_away_pending" (
	"message_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_away_pending" ADD CONSTRAINT "chat_away_pending_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;