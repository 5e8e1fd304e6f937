CREATE TABLE "post_translations" (
	"question_id" uuid,
	"reply_id" uuid,
	"language" text NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_translations_one_post_check" CHECK (num_nonnulls("post_translations"."question_id", "post_translations"."reply_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_translations" ADD CONSTRAINT "post_translations_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_translations" ADD CONSTRAINT "post_translations_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_translations_question_idx" ON "post_translations" USING btree ("question_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "post_translations_reply_idx" ON "post_translations" USING btree ("reply_id","language");--> statement-breakpoint
UPDATE "replies" SET "language" = CASE
  WHEN "content" ~ '[一-鿿]' THEN 'zh-Hans'
  WHEN "content" ~ '[ऀ-ॿ]' THEN 'ne'
  WHEN "content" ~* '[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]' THEN 'vi'
  ELSE 'en' END
WHERE "content" ~ '[^\x01-\x7f]';
