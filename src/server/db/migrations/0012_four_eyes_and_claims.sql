CREATE TABLE "approval_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_kind" text NOT NULL,
	"case_id" uuid NOT NULL,
	"state" text NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "case_claims" (
	"case_kind" text NOT NULL,
	"case_id" uuid NOT NULL,
	"claimed_by" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "case_claims_case_kind_case_id_pk" PRIMARY KEY("case_kind","case_id")
);
--> statement-breakpoint
ALTER TABLE "approval_proposals" ADD CONSTRAINT "approval_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_proposals" ADD CONSTRAINT "approval_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_claims" ADD CONSTRAINT "case_claims_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_proposals_case_idx" ON "approval_proposals" USING btree ("case_kind","case_id","proposed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_proposals_one_pending" ON "approval_proposals" USING btree ("case_kind","case_id") WHERE "approval_proposals"."state" = 'proposed';--> statement-breakpoint
CREATE INDEX "case_claims_by_idx" ON "case_claims" USING btree ("claimed_by");