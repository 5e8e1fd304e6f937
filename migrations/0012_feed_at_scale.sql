DROP INDEX "questions_category_created_idx";--> statement-breakpoint
CREATE INDEX "questions_engagement_idx" ON "questions" USING btree (("upvotes" + "reply_count"));--> statement-breakpoint
CREATE INDEX "questions_category_created_idx" ON "questions" USING btree ("category_id","created_at","id");