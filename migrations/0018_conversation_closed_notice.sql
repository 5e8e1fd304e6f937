-- A student is told when their conversation closes because its mentor was made a student again. The new check is
-- added NOT VALID (no scan under the lock) and then validated, which reads the table without blocking writes.
SET LOCAL lock_timeout = '15s';--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('reply_to_my_question', 'reply_to_followed', 'new_conversation', 'chat_message', 'conversation_closed', 'mentor_verified', 'mentor_declined', 'content_removed', 'new_reports')) NOT VALID;--> statement-breakpoint
ALTER TABLE "notifications" VALIDATE CONSTRAINT "notifications_type_check";
