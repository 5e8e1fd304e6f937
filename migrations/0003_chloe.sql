CREATE TABLE "ai_reply_jobs" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_articles" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"keywords" text[] NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_reply_jobs" ADD CONSTRAINT "ai_reply_jobs_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_reply_jobs_due_idx" ON "ai_reply_jobs" USING btree ("status","urgent","run_after");--> statement-breakpoint
CREATE INDEX "knowledge_articles_search_idx" ON "knowledge_articles" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "replies_one_ai_reply_idx" ON "replies" USING btree ("question_id") WHERE "replies"."is_ai_reply";