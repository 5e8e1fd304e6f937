-- An upgrade that cannot take its locks soon fails and can be run again, rather than stall the site behind it.
SET LOCAL lock_timeout = '15s';--> statement-breakpoint
CREATE INDEX "questions_category_created_id_idx" ON "questions" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_engagement_idx" ON "questions" USING btree (("upvotes" + "reply_count"));--> statement-breakpoint
-- Statistics for the new expression index now: without them the planner reads trending the slow way until the
-- next analyze of the table, which on a large, quiet table may be days away.
ANALYZE "questions";