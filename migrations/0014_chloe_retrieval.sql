SET LOCAL lock_timeout = '15s';--> statement-breakpoint
CREATE TABLE "chloe_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rating" text NOT NULL,
	"reason" text,
	"locale" text NOT NULL,
	"sources" text[] DEFAULT '{}' NOT NULL,
	"conversation" jsonb,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chloe_feedback_reason_length" CHECK (char_length("chloe_feedback"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "embeddings" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"model" text NOT NULL,
	"text_hash" text NOT NULL,
	"vector" real[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embeddings_model_kind_item_id_pk" PRIMARY KEY("model","kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "chloe_feedback" ADD CONSTRAINT "chloe_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chloe_feedback_created_idx" ON "chloe_feedback" USING btree ("created_at","id");