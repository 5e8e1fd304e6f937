ALTER TABLE "users" DROP CONSTRAINT "users_locale_check";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "name_vi";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "description_en";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "description_vi";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'vi', 'zh-Hans', 'ne'));