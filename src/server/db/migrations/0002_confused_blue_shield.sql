CREATE TABLE "verification_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"event" text NOT NULL,
	"state" text NOT NULL,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"purpose" text NOT NULL,
	"subject_name" text NOT NULL,
	"state" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"token_created_at" timestamp with time zone NOT NULL,
	"phone_key_hash" text,
	"scanned_at" timestamp with time zone,
	"consent_at" timestamp with time zone,
	"capture_file_id" uuid,
	"provider" text,
	"outcome_reason" text,
	"superseded_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_session_id_verification_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."verification_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD CONSTRAINT "verification_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD CONSTRAINT "verification_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD CONSTRAINT "verification_sessions_capture_file_id_stored_files_id_fk" FOREIGN KEY ("capture_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_events_session_version_unique" ON "verification_events" USING btree ("session_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_sessions_token_hash_unique" ON "verification_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_sessions_phone_key_hash_unique" ON "verification_sessions" USING btree ("phone_key_hash");--> statement-breakpoint
CREATE INDEX "verification_sessions_company_idx" ON "verification_sessions" USING btree ("company_id","purpose");