CREATE TABLE "verification_frames" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"capture" integer NOT NULL,
	"position" integer NOT NULL,
	"file_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "capture_source" text;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "score" double precision;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "liveness" jsonb;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "engine_name" text;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "engine_version" text;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "reference_file_id" uuid;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "frames_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_frames" ADD CONSTRAINT "verification_frames_session_id_verification_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."verification_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_frames" ADD CONSTRAINT "verification_frames_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_frames_file_unique" ON "verification_frames" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "verification_frames_session_idx" ON "verification_frames" USING btree ("session_id","capture","position");--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD CONSTRAINT "verification_sessions_reference_file_id_stored_files_id_fk" FOREIGN KEY ("reference_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD CONSTRAINT "verification_sessions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;