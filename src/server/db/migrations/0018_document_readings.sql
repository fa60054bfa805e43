CREATE TABLE "document_readings" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"engine" text,
	"fields" jsonb,
	"mrz" jsonb,
	"text" text,
	"failure" text,
	CONSTRAINT "document_readings_status_check" CHECK ("document_readings"."status" in ('queued', 'reading', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "document_readings" ADD CONSTRAINT "document_readings_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_readings_pending_idx" ON "document_readings" USING btree ("queued_at") WHERE "document_readings"."status" in ('queued', 'reading');--> statement-breakpoint
-- A reading is kept with its file and goes with it: files are soft-deleted (deleted_at set), and the
-- document's text must not outlive the file, whatever path deleted it.
CREATE FUNCTION "document_readings_follow_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "document_readings" WHERE "file_id" = NEW."id";
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stored_files_deleted_drops_reading" AFTER UPDATE OF "deleted_at" ON "stored_files"
	FOR EACH ROW WHEN (NEW."deleted_at" IS NOT NULL AND OLD."deleted_at" IS NULL)
	EXECUTE FUNCTION "document_readings_follow_file"();
