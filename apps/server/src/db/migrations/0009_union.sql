CREATE TABLE "union_info_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"submitted_by" integer NOT NULL,
	"submitter" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"reviewer" text,
	"review_note" text,
	CONSTRAINT "union_info_changes_state_check" CHECK ("state" IN ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "union_info_changes_decided_check" CHECK (("union_info_changes"."state" = 'pending') = ("union_info_changes"."decided_at" IS NULL)),
	CONSTRAINT "union_info_changes_reviewer_check" CHECK (("union_info_changes"."state" IN ('approved', 'rejected')) = ("union_info_changes"."reviewer" IS NOT NULL) AND ("union_info_changes"."state" <> 'rejected' OR "union_info_changes"."review_note" IS NOT NULL)),
	CONSTRAINT "union_info_changes_json_check" CHECK (jsonb_typeof("union_info_changes"."before") = 'object' AND jsonb_typeof("union_info_changes"."after") = 'object' AND "union_info_changes"."after" <> '{}'::jsonb)
);
--> statement-breakpoint
CREATE TABLE "union_infos" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"uni_name" text,
	"uscc" text,
	"legal_cert_no" text,
	"legal_cert_start" date,
	"legal_cert_end" date,
	"legal_name" text,
	"chairman_name" text,
	"chairman_phone" text,
	"chairman_term_start" date,
	"chairman_term_end" date,
	"founded_on" date,
	"employee_count" integer,
	"female_count" integer,
	"member_count" integer,
	"region_code" text,
	"address" text,
	"postcode" text,
	"contact_name" text,
	"contact_tel" text,
	"parent_union" text,
	"bank_name" text,
	"bank_account_name" text,
	"bank_account_no" text,
	"change_id" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "union_infos_counts_check" CHECK ("union_infos"."employee_count" IS NULL OR ("union_infos"."employee_count" >= 0 AND "union_infos"."female_count" >= 0 AND "union_infos"."member_count" >= 0)),
	CONSTRAINT "union_infos_region_code_check" CHECK ("union_infos"."region_code" IS NULL OR "union_infos"."region_code" ~ '^[0-9]{6}$'),
	CONSTRAINT "union_infos_bank_account_no_check" CHECK ("union_infos"."bank_account_no" IS NULL OR "union_infos"."bank_account_no" ~ '^[0-9]{10,30}$'),
	CONSTRAINT "union_infos_dates_check" CHECK (("union_infos"."legal_cert_start" IS NULL OR "union_infos"."legal_cert_end" IS NULL OR "union_infos"."legal_cert_start" <= "union_infos"."legal_cert_end") AND ("union_infos"."chairman_term_start" IS NULL OR "union_infos"."chairman_term_end" IS NULL OR "union_infos"."chairman_term_start" <= "union_infos"."chairman_term_end"))
);
--> statement-breakpoint
ALTER TABLE "union_info_changes" ADD CONSTRAINT "union_info_changes_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_info_changes" ADD CONSTRAINT "union_info_changes_submitted_by_accounts_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_infos" ADD CONSTRAINT "union_infos_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_infos" ADD CONSTRAINT "union_infos_change_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."union_info_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "union_info_changes_one_pending_key" ON "union_info_changes" USING btree ("unit_id") WHERE "union_info_changes"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "union_info_changes_unit_idx" ON "union_info_changes" USING btree ("unit_id","submitted_at");