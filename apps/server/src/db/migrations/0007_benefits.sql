CREATE TABLE "claim_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claim_attachments_kind_check" CHECK ("kind" IN ('id_card', 'discharge_summary', 'settlement_slip', 'invoice', 'bank_card', 'diagnosis', 'other'))
);
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_name" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"note" text,
	CONSTRAINT "claim_events_actor_check" CHECK ("actor_kind" IN ('unit', 'personal', 'union', 'operator', 'system'))
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_no" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"person_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"review_unit_id" integer,
	"period_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"filed_by" text NOT NULL,
	"created_by" integer,
	"admitted_on" date,
	"discharged_on" date,
	"hospital_name" text,
	"diagnosis_code" text,
	"diagnosis_name" text,
	"days" smallint,
	"invoice_fen" bigint,
	"settlement_id" bigint,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"reason" text,
	"note" text,
	"bank_name" text,
	"bank_card" text,
	"batch_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claims_type_check" CHECK ("type" IN ('major_disease', 'female_disease', 'hospital_allowance', 'hardship', 'manual')),
	CONSTRAINT "claims_state_check" CHECK ("state" IN ('draft', 'unit_review', 'union_review', 'city_review', 'approved', 'paid', 'returned', 'refused')),
	CONSTRAINT "claims_filed_by_check" CHECK ("filed_by" IN ('unit', 'personal')),
	CONSTRAINT "claims_amount_check" CHECK ("claims"."amount_fen" >= 0 AND coalesce("claims"."invoice_fen", 0) >= 0),
	CONSTRAINT "claims_stay_check" CHECK ("claims"."admitted_on" IS NULL OR "claims"."discharged_on" IS NULL OR "claims"."admitted_on" <= "claims"."discharged_on")
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"total_fen" bigint NOT NULL,
	"operator" text NOT NULL,
	"paid_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_batches_kind_check" CHECK ("kind" IN ('treatment', 'claim'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"treatment_id" bigint,
	"claim_id" integer,
	"amount_fen" bigint NOT NULL,
	"bank_name" text,
	"bank_card" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payouts_target_check" CHECK (("payouts"."treatment_id" IS NULL) <> ("payouts"."claim_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "settlement_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"operator" text NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_new" integer DEFAULT 0 NOT NULL,
	"rows_replaced" integer DEFAULT 0 NOT NULL,
	"rows_unchanged" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_no" text NOT NULL,
	"person_id" integer NOT NULL,
	"period_id" integer,
	"hospital_name" text NOT NULL,
	"hospital_level" text NOT NULL,
	"kind" text NOT NULL,
	"admitted_on" date NOT NULL,
	"discharged_on" date NOT NULL,
	"settled_on" date NOT NULL,
	"total_fen" bigint NOT NULL,
	"policy_fen" bigint NOT NULL,
	"fund_fen" bigint NOT NULL,
	"self_policy_fen" bigint NOT NULL,
	"self_excluded_fen" bigint NOT NULL,
	"diagnosis_code" text NOT NULL,
	"diagnosis_name" text NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	"load_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "settlements_kind_check" CHECK ("kind" IN ('inpatient', 'special_outpatient')),
	CONSTRAINT "settlements_level_check" CHECK ("hospital_level" IN ('1', '2', '3', '9')),
	CONSTRAINT "settlements_dates_check" CHECK ("settlements"."admitted_on" <= "settlements"."discharged_on"),
	CONSTRAINT "settlements_amounts_check" CHECK ("settlements"."total_fen" >= 0 AND "settlements"."policy_fen" >= 0 AND "settlements"."fund_fen" >= 0 AND "settlements"."self_policy_fen" >= 0 AND "settlements"."self_excluded_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "treatments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_id" bigint NOT NULL,
	"person_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"coverage_id" bigint,
	"discharged_on" date NOT NULL,
	"hospital_name" text NOT NULL,
	"base_fen" bigint DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"batch_id" integer,
	"computed_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "treatments_state_check" CHECK ("state" IN ('none', 'pending', 'paid')),
	CONSTRAINT "treatments_amounts_check" CHECK ("treatments"."amount_fen" >= 0 AND "treatments"."base_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_review_unit_id_units_id_fk" FOREIGN KEY ("review_unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_product_fk" FOREIGN KEY ("period_id","product_code") REFERENCES "public"."products"("period_id","code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_load_id_settlement_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."settlement_loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_product_fk" FOREIGN KEY ("period_id","product_code") REFERENCES "public"."products"("period_id","code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_attachments_claim_idx" ON "claim_attachments" USING btree ("claim_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_attachments_file_key" ON "claim_attachments" USING btree ("claim_id","file_id");--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_no_key" ON "claims" USING btree ("claim_no");--> statement-breakpoint
CREATE INDEX "claims_unit_idx" ON "claims" USING btree ("unit_id","created_at","id");--> statement-breakpoint
CREATE INDEX "claims_person_idx" ON "claims" USING btree ("person_id","created_at","id");--> statement-breakpoint
CREATE INDEX "claims_review_idx" ON "claims" USING btree ("review_unit_id","state","id");--> statement-breakpoint
CREATE INDEX "claims_state_idx" ON "claims" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_stay_key" ON "claims" USING btree ("person_id","type","admitted_on") WHERE "claims"."admitted_on" IS NOT NULL AND "claims"."state" <> 'refused';--> statement-breakpoint
CREATE UNIQUE INDEX "claims_hardship_key" ON "claims" USING btree ("person_id","period_id") WHERE "claims"."type" = 'hardship' AND "claims"."state" <> 'refused';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_no_key" ON "payout_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "payouts_person_idx" ON "payouts" USING btree ("person_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_no_key" ON "settlements" USING btree ("settlement_no");--> statement-breakpoint
CREATE INDEX "settlements_person_idx" ON "settlements" USING btree ("person_id","period_id","discharged_on");--> statement-breakpoint
CREATE UNIQUE INDEX "treatments_once_key" ON "treatments" USING btree ("settlement_id","product_code");--> statement-breakpoint
CREATE INDEX "treatments_unit_idx" ON "treatments" USING btree ("unit_id","discharged_on","id");--> statement-breakpoint
CREATE INDEX "treatments_person_idx" ON "treatments" USING btree ("person_id","discharged_on","id");--> statement-breakpoint
CREATE INDEX "treatments_pending_idx" ON "treatments" USING btree ("state","id") WHERE "treatments"."state" = 'pending';