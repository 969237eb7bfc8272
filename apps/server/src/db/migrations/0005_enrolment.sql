CREATE TABLE "application_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_name" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"note" text,
	CONSTRAINT "application_events_actor_check" CHECK ("actor_kind" IN ('unit', 'union', 'operator', 'system'))
);
--> statement-breakpoint
CREATE TABLE "application_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"person_id" integer NOT NULL,
	"staff_id" integer,
	"shares" smallint NOT NULL,
	"amount_fen" integer NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	CONSTRAINT "application_lines_shares_check" CHECK ("application_lines"."shares" BETWEEN 1 AND 10),
	CONSTRAINT "application_lines_amount_check" CHECK ("application_lines"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"review_unit_id" integer,
	"headcount" integer DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"note" text,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "applications_kind_check" CHECK ("kind" IN ('new', 'add')),
	CONSTRAINT "applications_state_check" CHECK ("state" IN ('draft', 'submitted', 'returned', 'unpaid', 'paid', 'cancelled')),
	CONSTRAINT "applications_amount_check" CHECK ("applications"."amount_fen" >= 0 AND "applications"."headcount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coverages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"shares" smallint NOT NULL,
	"unit_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"line_id" bigint NOT NULL,
	"covered_from" date NOT NULL,
	"continuing" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_id" integer,
	"file_name" text NOT NULL,
	"total" integer NOT NULL,
	"valid" integer NOT NULL,
	"state" text DEFAULT 'preview' NOT NULL,
	"application_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "import_batches_kind_check" CHECK ("kind" IN ('roster', 'apply')),
	CONSTRAINT "import_batches_state_check" CHECK ("state" IN ('preview', 'confirmed', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"batch_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"cert_no" text NOT NULL,
	"name" text NOT NULL,
	"psn_type" text,
	"phone" text,
	"joined_on" date,
	"product_code" text,
	"shares" smallint,
	"error" text,
	CONSTRAINT "import_rows_batch_id_row_no_pk" PRIMARY KEY("batch_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "insured_registry" (
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean NOT NULL,
	"since" date,
	"load_id" integer NOT NULL,
	CONSTRAINT "insured_registry_kind_code_pk" PRIMARY KEY("kind","code"),
	CONSTRAINT "insured_registry_kind_check" CHECK ("kind" IN ('unit', 'person'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"voucher_no" text NOT NULL,
	"operator" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "registry_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"operator" text NOT NULL,
	"rows" integer NOT NULL,
	"added" integer NOT NULL,
	"changed" integer NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_owner_check";--> statement-breakpoint
ALTER TABLE "login_guards" DROP CONSTRAINT "login_guards_login_type_check";--> statement-breakpoint
ALTER TABLE "periods" DROP CONSTRAINT "periods_waiting_days_check";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_rate_check";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_login_type_check";--> statement-breakpoint
DROP INDEX "periods_current_key";--> statement-breakpoint
DROP INDEX "staff_person_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "operator_name" text;--> statement-breakpoint
ALTER TABLE "periods" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "periods" SET "created_at" = now();--> statement-breakpoint
ALTER TABLE "periods" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "bank_card" text;--> statement-breakpoint
-- Money becomes integer fen (分): the yuan rate with two decimals times 100.
ALTER TABLE "products" ADD COLUMN "rate_fen" integer;--> statement-breakpoint
UPDATE "products" SET "rate_fen" = round("rate_per_share" * 100)::integer;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "rate_fen" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_shares" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "eligibility" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "benefit_rule" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sort" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "joined_on" date;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "leave_reason" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
-- Staff rows so far had only created_at and an active flag: joined on the day they were created
-- (Beijing), an inactive row left that day; a person open at several units stays at the newest.
UPDATE "staff" SET "joined_on" = ("created_at" AT TIME ZONE 'Asia/Shanghai')::date, "updated_at" = "created_at",
  "left_on" = CASE WHEN "active" THEN NULL ELSE ("created_at" AT TIME ZONE 'Asia/Shanghai')::date END;--> statement-breakpoint
UPDATE "staff" s SET "left_on" = s."joined_on", "leave_reason" = '数据迁移：同一人员只能在一个单位在职'
  WHERE s."left_on" IS NULL AND EXISTS (SELECT 1 FROM "staff" n WHERE n."person_id" = s."person_id" AND n."left_on" IS NULL AND n."id" > s."id");--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "joined_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "updated_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_lines" ADD CONSTRAINT "application_lines_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_lines" ADD CONSTRAINT "application_lines_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_lines" ADD CONSTRAINT "application_lines_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_lines" ADD CONSTRAINT "application_lines_product_fk" FOREIGN KEY ("period_id","product_code") REFERENCES "public"."products"("period_id","code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_review_unit_id_units_id_fk" FOREIGN KEY ("review_unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_line_id_application_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."application_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_product_fk" FOREIGN KEY ("period_id","product_code") REFERENCES "public"."products"("period_id","code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_registry" ADD CONSTRAINT "insured_registry_load_id_registry_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."registry_loads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "application_lines_application_idx" ON "application_lines" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_lines_once_key" ON "application_lines" USING btree ("application_id","person_id","product_code");--> statement-breakpoint
CREATE UNIQUE INDEX "application_lines_live_key" ON "application_lines" USING btree ("period_id","person_id","product_code") WHERE "application_lines"."live";--> statement-breakpoint
CREATE INDEX "applications_unit_idx" ON "applications" USING btree ("unit_id","period_id","id");--> statement-breakpoint
CREATE INDEX "applications_review_idx" ON "applications" USING btree ("review_unit_id","state","id");--> statement-breakpoint
CREATE INDEX "applications_state_idx" ON "applications" USING btree ("state","period_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_once_key" ON "coverages" USING btree ("person_id","period_id","product_code");--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_line_key" ON "coverages" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "coverages_unit_idx" ON "coverages" USING btree ("unit_id","period_id");--> statement-breakpoint
CREATE INDEX "import_batches_unit_idx" ON "import_batches" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE INDEX "import_batches_expires_idx" ON "import_batches" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_application_key" ON "payments" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_voucher_key" ON "payments" USING btree ("voucher_no");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_open_person_key" ON "staff" USING btree ("person_id") WHERE "staff"."left_on" IS NULL;--> statement-breakpoint
CREATE INDEX "staff_unit_list_idx" ON "staff" USING btree ("unit_id","id");--> statement-breakpoint
ALTER TABLE "periods" DROP COLUMN "current";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "rate_per_share";--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner_check" CHECK (("accounts"."login_type" = 'unit' AND "accounts"."unit_id" IS NOT NULL AND "accounts"."person_id" IS NULL) OR ("accounts"."login_type" = 'personal' AND "accounts"."person_id" IS NOT NULL AND "accounts"."unit_id" IS NULL) OR ("accounts"."login_type" = 'operator' AND "accounts"."unit_id" IS NULL AND "accounts"."person_id" IS NULL));--> statement-breakpoint
ALTER TABLE "login_guards" ADD CONSTRAINT "login_guards_login_type_check" CHECK ("login_type" IN ('unit', 'personal', 'operator'));--> statement-breakpoint
-- Values the new checks refuse: waiting days above a year capped, product codes upper-cased.
UPDATE "periods" SET "waiting_days" = 365 WHERE "waiting_days" > 365;--> statement-breakpoint
UPDATE "products" SET "code" = upper("code") WHERE "code" <> upper("code");--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_waiting_days_check" CHECK ("periods"."waiting_days" BETWEEN 0 AND 365);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_shares_check" CHECK ("products"."max_shares" BETWEEN 1 AND 10);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_eligibility_check" CHECK ("eligibility" IN ('all', 'female'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_code_check" CHECK ("products"."code" ~ '^[0-9A-Z]{2,8}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_rate_check" CHECK ("products"."rate_fen" >= 0);--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_login_type_check" CHECK ("login_type" IN ('unit', 'personal', 'operator'));--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_dates_check" CHECK ("staff"."left_on" IS NULL OR "staff"."left_on" >= "staff"."joined_on");