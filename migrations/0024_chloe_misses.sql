-- Chloe's misses and the questions admins add to knowledge articles from them (decision 053). New tables only:
-- an instance of the previous release never reads them, so a rolling restart survives it (decision 020).
CREATE TABLE "chloe_misses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"fingerprint" text NOT NULL,
	"locale" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"article_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chloe_misses_question_length" CHECK (char_length("chloe_misses"."question") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "knowledge_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" text NOT NULL,
	"locale" text NOT NULL,
	"question" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chloe_misses" ADD CONSTRAINT "chloe_misses_article_id_knowledge_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_questions" ADD CONSTRAINT "knowledge_questions_article_id_knowledge_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_questions" ADD CONSTRAINT "knowledge_questions_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chloe_misses_text_idx" ON "chloe_misses" USING btree ("kind","locale","fingerprint");--> statement-breakpoint
CREATE INDEX "chloe_misses_status_idx" ON "chloe_misses" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_questions_text_idx" ON "knowledge_questions" USING btree ("article_id","locale","question");