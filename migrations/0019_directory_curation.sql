SET LOCAL lock_timeout = '15s';--> statement-breakpoint
CREATE TABLE "directory_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_type" text NOT NULL,
	"entry_id" text NOT NULL,
	"problem" text NOT NULL,
	"note" text,
	"reporter_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "government_services" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "government_services" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "government_services" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "directory_reports" ADD CONSTRAINT "directory_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_reports" ADD CONSTRAINT "directory_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_reports_entry_idx" ON "directory_reports" USING btree ("entry_type","entry_id","status");--> statement-breakpoint
ALTER TABLE "government_services" ADD CONSTRAINT "government_services_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;