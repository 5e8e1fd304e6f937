ALTER TABLE "users" DROP CONSTRAINT "users_locale_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'vi', 'zh-Hans', 'ne'));