CREATE TABLE "government_services" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"state" text NOT NULL,
	"city" text,
	"title_en" text NOT NULL,
	"title_vi" text NOT NULL,
	"department" text NOT NULL,
	"description_en" text NOT NULL,
	"description_vi" text NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title_en), 'A') || setweight(to_tsvector('simple', title_vi), 'A') || setweight(to_tsvector('english', department), 'B') || setweight(to_tsvector('english', description_en), 'C') || setweight(to_tsvector('simple', description_vi), 'C')) STORED NOT NULL,
	"search_text" text GENERATED ALWAYS AS (title_en || ' ' || department || ' ' || title_vi) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_notices" (
	"service_id" text PRIMARY KEY NOT NULL,
	"note" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_notices" ADD CONSTRAINT "service_notices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "government_services_search_idx" ON "government_services" USING gin ("search");--> statement-breakpoint
CREATE INDEX "government_services_trgm_idx" ON "government_services" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organisations_state_idx" ON "organisations" USING btree ("state");