-- An upgrade that cannot take its locks soon fails and can be run again, rather than stall the site behind it.
SET LOCAL lock_timeout = '15s';--> statement-breakpoint
CREATE TABLE "content_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"hash" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_statuses" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"last_checked" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");