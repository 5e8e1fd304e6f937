CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"admin_name" text NOT NULL,
	"admin_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text NOT NULL,
	"reason" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_one_target_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mentor_declined_reason" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_id" uuid;--> statement-breakpoint
UPDATE "reports" SET
  "target_type" = CASE
    WHEN "question_id" IS NOT NULL THEN 'question'
    WHEN "reply_id" IS NOT NULL THEN 'reply'
    WHEN "conversation_id" IS NOT NULL THEN 'conversation'
    ELSE 'message' END,
  "target_id" = coalesce("question_id", "reply_id", "conversation_id", "message_id");--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id","status");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('question', 'reply', 'conversation', 'message'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_target_check" CHECK (num_nonnulls("reports"."question_id", "reports"."reply_id", "reports"."conversation_id", "reports"."message_id") = 1 or (num_nonnulls("reports"."question_id", "reports"."reply_id", "reports"."conversation_id", "reports"."message_id") = 0 and "reports"."snapshot" is not null));--> statement-breakpoint
CREATE FUNCTION mentorme_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION mentorme_audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION mentorme_audit_log_append_only();
