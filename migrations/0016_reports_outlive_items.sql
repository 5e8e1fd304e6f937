-- An upgrade that cannot take its locks soon fails and can be run again, rather than stall the site behind it.
SET LOCAL lock_timeout = '15s';--> statement-breakpoint
-- Reports outlive what they report: each keeps what the item said (chat lines aside), and a deleted item leaves its
-- reports with a null reference instead of taking them along.
UPDATE "reports" r SET "snapshot" = jsonb_build_object('title', q."title", 'text', q."content",
    'author', CASE WHEN u."id" IS NULL THEN NULL ELSE jsonb_build_object('id', u."id", 'displayName', u."display_name", 'role', u."role") END, 'createdAt', to_char(q."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'link', '/questions/' || q."id", 'context', '[]'::jsonb)
  FROM "questions" q LEFT JOIN "users" u ON u."id" = q."author_id"
  WHERE r."snapshot" IS NULL AND r."question_id" = q."id";--> statement-breakpoint
UPDATE "reports" r SET "snapshot" = jsonb_build_object('title', q."title", 'text', p."content",
    'author', CASE WHEN p."is_ai_reply" THEN NULL ELSE CASE WHEN u."id" IS NULL THEN NULL ELSE jsonb_build_object('id', u."id", 'displayName', u."display_name", 'role', u."role") END END,
    'createdAt', to_char(p."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'link', '/questions/' || q."id", 'context', '[]'::jsonb)
  FROM "replies" p JOIN "questions" q ON q."id" = p."question_id" LEFT JOIN "users" u ON u."id" = p."author_id"
  WHERE r."snapshot" IS NULL AND r."reply_id" = p."id";--> statement-breakpoint
UPDATE "reports" r SET "snapshot" = jsonb_build_object('title', c."title", 'text', m."content",
    'author', CASE WHEN u."id" IS NULL THEN NULL ELSE jsonb_build_object('id', u."id", 'displayName', u."display_name", 'role', u."role") END, 'createdAt', to_char(m."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'link', NULL, 'context', '[]'::jsonb)
  FROM "messages" m JOIN "conversations" c ON c."id" = m."conversation_id" LEFT JOIN "users" u ON u."id" = m."sender_id"
  WHERE r."snapshot" IS NULL AND r."message_id" = m."id";--> statement-breakpoint
UPDATE "reports" r SET "snapshot" = jsonb_build_object('title', c."title", 'text', c."title",
    'author', CASE WHEN u."id" IS NULL THEN NULL ELSE jsonb_build_object('id', u."id", 'displayName', u."display_name", 'role', u."role") END, 'createdAt', to_char(c."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'link', NULL, 'context', '[]'::jsonb)
  FROM "conversations" c LEFT JOIN "users" u ON u."id" = c."student_id"
  WHERE r."snapshot" IS NULL AND r."conversation_id" = c."id";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_one_target_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_question_id_questions_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reply_id_replies_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_conversation_id_conversations_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_message_id_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_target_check" CHECK (num_nonnulls("reports"."question_id", "reports"."reply_id", "reports"."conversation_id", "reports"."message_id") <= 1);