-- Chloe's reply jobs table takes its module's name (decision 049). A migration a running site survives (decision
-- 020): the rename and the view below are one transaction, and the old name ai_reply_jobs stays as a simple view
-- over the table, which PostgreSQL updates through, so an instance of the previous release still inserts
-- (insert ... on conflict), updates and claims (select ... for update skip locked) its jobs during a rolling restart.
-- The primary key, foreign key and index follow the new name; nothing names the table in a trigger or function.
-- Drop the view ai_reply_jobs one release later, once no instance of the previous release runs:
--   DROP VIEW "ai_reply_jobs";
SET LOCAL lock_timeout = '15s';--> statement-breakpoint
ALTER TABLE "ai_reply_jobs" RENAME TO "chloe_reply_jobs";--> statement-breakpoint
ALTER TABLE "chloe_reply_jobs" RENAME CONSTRAINT "ai_reply_jobs_pkey" TO "chloe_reply_jobs_pkey";--> statement-breakpoint
ALTER TABLE "chloe_reply_jobs" RENAME CONSTRAINT "ai_reply_jobs_question_id_questions_id_fk" TO "chloe_reply_jobs_question_id_questions_id_fk";--> statement-breakpoint
ALTER INDEX "ai_reply_jobs_due_idx" RENAME TO "chloe_reply_jobs_due_idx";--> statement-breakpoint
CREATE VIEW "ai_reply_jobs" AS SELECT * FROM "chloe_reply_jobs";
