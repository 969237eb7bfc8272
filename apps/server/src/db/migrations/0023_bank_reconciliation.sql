CREATE TABLE "bank_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"bank" text NOT NULL,
	"txn_id" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount_fen" bigint NOT NULL,
	"payer_name" text NOT NULL,
	"payer_account" text NOT NULL,
	"memo" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"application_id" integer,
	"payment_id" integer,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "bank_credits_state_check" CHECK ("state" IN ('matched', 'exception', 'refunded', 'left')),
	CONSTRAINT "bank_credits_amount_check" CHECK ("bank_credits"."amount_fen" > 0),
	CONSTRAINT "bank_credits_matched_check" CHECK ("bank_credits"."state" <> 'matched' OR "bank_credits"."application_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "bank_formats" (
	"bank" text PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"file_name" text NOT NULL,
	"loaded_by" text NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL,
	"credits" integer NOT NULL,
	"matched" integer NOT NULL,
	"exceptions" integer NOT NULL,
	"repeated" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_credits_txn_key" ON "bank_credits" USING btree ("bank","txn_id");--> statement-breakpoint
CREATE INDEX "bank_credits_state_idx" ON "bank_credits" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "bank_credits_application_idx" ON "bank_credits" USING btree ("application_id") WHERE "bank_credits"."application_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_credits_statement_idx" ON "bank_credits" USING btree ("statement_id","id");