ALTER TABLE "users" ADD COLUMN "back_office_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Issue 21 §4: accounts made before roles existed could decide a case alone. They keep deciding
-- (reviewer) and may confirm someone else's approval (approver), so a team of existing reviewers
-- still works under four eyes; nobody becomes admin by migration (the CLI makes the first one).
UPDATE "users" SET "back_office_roles" = ARRAY['reviewer', 'approver']::text[] WHERE "role" = 'reviewer';
