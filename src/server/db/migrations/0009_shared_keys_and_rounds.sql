CREATE TABLE "background_rounds" (
	"job" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone
);
