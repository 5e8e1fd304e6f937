-- Mentor profiles (topics, languages, place, availability, capacity), answers marked "This helped", and the
-- student's word on a closed conversation. An upgrade that cannot take its locks soon fails and can be run again.
SET LOCAL lock_timeout = '15s';--> statement-breakpoint
CREATE TABLE "conversation_feedback" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"helpful" boolean NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_counts_check";--> statement-breakpoint
DROP INDEX "questions_engagement_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "topics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "capacity" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "helpful_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "helpful_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_feedback" ADD CONSTRAINT "conversation_feedback_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_verified_mentors_idx" ON "users" USING btree ("display_name") WHERE "users"."role" = 'mentor' and "users"."mentor_verified_at" is not null;--> statement-breakpoint
CREATE INDEX "replies_helpful_author_idx" ON "replies" USING btree ("author_id") WHERE "replies"."helpful_at" is not null;--> statement-breakpoint
CREATE INDEX "questions_engagement_idx" ON "questions" USING btree (("upvotes" + "reply_count" + "helpful_count"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_capacity_check" CHECK ("users"."capacity" between 1 and 10);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_counts_check" CHECK ("questions"."upvotes" >= 0 and "questions"."reply_count" >= 0 and "questions"."helpful_count" >= 0);