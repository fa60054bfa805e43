CREATE TABLE "support_references" (
	"reference" text PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"user_id" uuid NOT NULL,
	"machine" text NOT NULL,
	"machine_version" text NOT NULL,
	"app_version" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_references" ADD CONSTRAINT "support_references_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_references" ADD CONSTRAINT "support_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_references_created_at_idx" ON "support_references" USING btree ("created_at");