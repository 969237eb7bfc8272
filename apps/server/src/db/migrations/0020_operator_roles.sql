-- Operator roles (issue 19): the operators of a running deployment did everything until now; they
-- keep every role but the auditor's, and the administrator narrows them (ops operator-roles).
CREATE TABLE "payment_entries" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"voucher_no" text NOT NULL,
	"operator" text NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_entries_amount_check" CHECK ("payment_entries"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "operator_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "accounts" SET "operator_roles" = ARRAY['admin', 'reviewer', 'finance', 'data']::text[] WHERE "login_type" = 'operator';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "entered_by" text;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_operator_name_key" ON "accounts" USING btree ("operator_name") WHERE "accounts"."login_type" = 'operator';--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_operator_roles_check" CHECK ("accounts"."operator_roles" <@ ARRAY['admin', 'reviewer', 'finance', 'data', 'auditor']::text[] AND ("accounts"."login_type" = 'operator' OR cardinality("accounts"."operator_roles") = 0));