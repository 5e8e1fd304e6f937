CREATE TABLE "category_follows" (
	"user_id" uuid NOT NULL,
	"category_id" integer NOT NULL,
	"following" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_follows_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "question_claims" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"mentor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shows_last_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "waiting_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "waiting_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "category_follows" ADD CONSTRAINT "category_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_follows" ADD CONSTRAINT "category_follows_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_claims" ADD CONSTRAINT "question_claims_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_claims" ADD CONSTRAINT "question_claims_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_follows_category_idx" ON "category_follows" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "question_claims_mentor_idx" ON "question_claims" USING btree ("mentor_id");--> statement-breakpoint
CREATE INDEX "conversations_unanswered_idx" ON "conversations" USING btree ("created_at") WHERE "conversations"."status" = 'active' and "conversations"."first_reply_at" is null;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_closed_reason_check" CHECK ("conversations"."closed_reason" in ('mentor-left', 'no-reply'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('reply_to_my_question', 'reply_to_followed', 'new_conversation', 'chat_message', 'conversation_closed', 'mentor_verified', 'mentor_declined', 'content_removed', 'new_reports', 'topic_question', 'conversation_reminder', 'conversation_no_reply'));--> statement-breakpoint
-- Questions already asked: written in Vietnamese when they carry its letters.
UPDATE "questions" SET "language" = 'vi' WHERE (title || ' ' || content) ~* '[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]';--> statement-breakpoint
-- Conversations already open: their mentor's first message.
UPDATE "conversations" c SET "first_reply_at" = f.first FROM (
  SELECT m.conversation_id, min(m.created_at) AS first FROM "messages" m
  JOIN "conversations" c2 ON c2.id = m.conversation_id AND m.sender_id = c2.mentor_id
  GROUP BY m.conversation_id) f
WHERE f.conversation_id = c.id;
