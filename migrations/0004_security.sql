DROP INDEX "failed_signins_email_created_idx";--> statement-breakpoint
ALTER TABLE "failed_signins" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "failed_signins_email_address_created_idx" ON "failed_signins" USING btree ("email","address","created_at");