CREATE TABLE "coverage_transfer_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"coverage_id" bigint NOT NULL,
	"from_unit_id" integer NOT NULL,
	"until_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coverage_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"from_unit_id" integer NOT NULL,
	"to_unit_id" integer NOT NULL,
	"from_staff_id" integer NOT NULL,
	"to_staff_id" integer,
	"transfer_date" date NOT NULL,
	"period_id" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"return_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"operator" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coverage_transfers_state_check" CHECK ("state" IN ('receiving', 'reviewing', 'done', 'returned', 'cancelled')),
	CONSTRAINT "coverage_transfers_units_check" CHECK ("coverage_transfers"."from_unit_id" <> "coverage_transfers"."to_unit_id")
);
--> statement-breakpoint
CREATE TABLE "place_filings" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"filed_by" text NOT NULL,
	"region_code" text NOT NULL,
	"region_name" text NOT NULL,
	"hospital_name" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"return_reason" text,
	"operator" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "place_filings_state_check" CHECK ("state" IN ('submitted', 'filed', 'returned')),
	CONSTRAINT "place_filings_filed_by_check" CHECK ("filed_by" IN ('unit', 'personal')),
	CONSTRAINT "place_filings_dates_check" CHECK ("place_filings"."from_date" <= "place_filings"."to_date"),
	CONSTRAINT "place_filings_region_check" CHECK ("place_filings"."region_code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "coverage_transfer_lines" ADD CONSTRAINT "coverage_transfer_lines_transfer_id_coverage_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."coverage_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_transfer_lines" ADD CONSTRAINT "coverage_transfer_lines_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_transfer_lines" ADD CONSTRAINT "coverage_transfer_lines_from_unit_id_units_id_fk" FOREIGN KEY ("from_unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_transfers" ADD CONSTRAINT "coverage_transfers_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_transfers" ADD CONSTRAINT "coverage_transfers_from_unit_id_units_id_fk" FOREIGN KEY ("from_unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_transfers" ADD CONSTRAINT "coverage_transfers_to_unit_id_units_id_fk" FOREIGN KEY ("to_unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_transfers" ADD CONSTRAINT "coverage_transfers_from_staff_id_staff_id_fk" FOREIGN KEY ("from_staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_transfers" ADD CONSTRAINT "coverage_transfers_to_staff_id_staff_id_fk" FOREIGN KEY ("to_staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_transfers" ADD CONSTRAINT "coverage_transfers_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_transfers" ADD CONSTRAINT "coverage_transfers_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_filings" ADD CONSTRAINT "place_filings_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_filings" ADD CONSTRAINT "place_filings_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_filings" ADD CONSTRAINT "place_filings_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_transfer_lines_once_key" ON "coverage_transfer_lines" USING btree ("transfer_id","coverage_id");--> statement-breakpoint
CREATE INDEX "coverage_transfer_lines_unit_idx" ON "coverage_transfer_lines" USING btree ("from_unit_id","coverage_id");--> statement-breakpoint
CREATE INDEX "coverage_transfers_from_idx" ON "coverage_transfers" USING btree ("from_unit_id","id");--> statement-breakpoint
CREATE INDEX "coverage_transfers_to_idx" ON "coverage_transfers" USING btree ("to_unit_id","state","id");--> statement-breakpoint
CREATE INDEX "coverage_transfers_state_idx" ON "coverage_transfers" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_transfers_open_key" ON "coverage_transfers" USING btree ("person_id") WHERE "coverage_transfers"."state" IN ('receiving', 'reviewing');--> statement-breakpoint
CREATE INDEX "place_filings_unit_idx" ON "place_filings" USING btree ("unit_id","id");--> statement-breakpoint
CREATE INDEX "place_filings_person_idx" ON "place_filings" USING btree ("person_id","id");--> statement-breakpoint
CREATE INDEX "place_filings_state_idx" ON "place_filings" USING btree ("state","id");