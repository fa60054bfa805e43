CREATE TABLE "idempotent_requests" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"status_code" integer,
	"content_type" text,
	"answer" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_at_idx" ON "idempotent_requests" USING btree ("created_at");