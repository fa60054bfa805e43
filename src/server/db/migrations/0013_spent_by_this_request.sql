ALTER TABLE "password_nonces" ADD COLUMN "used_by" text;--> statement-breakpoint
ALTER TABLE "captcha_challenges" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "captcha_challenges" ADD COLUMN "token_used_by" text;--> statement-breakpoint
ALTER TABLE "certification_applications" ADD COLUMN "last_changed_by" text;