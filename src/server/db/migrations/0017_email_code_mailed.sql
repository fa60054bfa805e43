ALTER TABLE "email_codes" ADD COLUMN "mailed" boolean DEFAULT true NOT NULL;
