CREATE TABLE "evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"application_id" integer,
	"claim_id" integer,
	"unit_id" integer,
	"person_id" integer,
	"rating" smallint NOT NULL,
	"comment" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "evaluations_kind_check" CHECK ("kind" IN ('application', 'claim')),
	CONSTRAINT "evaluations_target_check" CHECK (("evaluations"."kind" = 'application' AND "evaluations"."application_id" IS NOT NULL AND "evaluations"."claim_id" IS NULL AND "evaluations"."unit_id" IS NOT NULL AND "evaluations"."person_id" IS NULL)
        OR ("evaluations"."kind" = 'claim' AND "evaluations"."claim_id" IS NOT NULL AND "evaluations"."application_id" IS NULL AND "evaluations"."person_id" IS NOT NULL AND "evaluations"."unit_id" IS NULL)),
	CONSTRAINT "evaluations_rating_check" CHECK ("evaluations"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "evaluations_reason_check" CHECK ("evaluations"."rating" > 2 OR coalesce(btrim("evaluations"."reason"), '') <> ''),
	CONSTRAINT "evaluations_text_check" CHECK (coalesce(char_length("evaluations"."comment"), 0) <= 500 AND coalesce(char_length("evaluations"."reason"), 0) <= 500)
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "feature_flags_name_check" CHECK ("name" IN ('batch', 'archives', 'evaluation'))
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_application_key" ON "evaluations" USING btree ("application_id") WHERE "evaluations"."application_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_claim_key" ON "evaluations" USING btree ("claim_id") WHERE "evaluations"."claim_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "evaluations_created_idx" ON "evaluations" USING btree ("created_at","id");