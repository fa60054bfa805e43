ALTER TABLE "verification_sessions" ADD COLUMN "attack_evidence" jsonb;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "challenge" text;
