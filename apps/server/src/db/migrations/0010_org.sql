CREATE TABLE "org_import_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"union_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'preview' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "org_import_batches_state_check" CHECK ("state" IN ('preview', 'confirmed', 'discarded')),
	CONSTRAINT "org_import_batches_counts_check" CHECK ("org_import_batches"."valid" >= 0 AND "org_import_batches"."valid" <= "org_import_batches"."total")
);
--> statement-breakpoint
CREATE TABLE "org_import_rows" (
	"batch_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"uact" text NOT NULL,
	"name" text NOT NULL,
	"uscc" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_mobile" text NOT NULL,
	"address" text,
	"error" text,
	CONSTRAINT "org_import_rows_batch_id_row_no_pk" PRIMARY KEY("batch_id","row_no"),
	CONSTRAINT "org_import_rows_row_no_check" CHECK ("org_import_rows"."row_no" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "org_import_batches" ADD CONSTRAINT "org_import_batches_union_id_units_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_import_rows" ADD CONSTRAINT "org_import_rows_batch_id_org_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."org_import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_import_batches_union_idx" ON "org_import_batches" USING btree ("union_id","created_at");--> statement-breakpoint
CREATE INDEX "org_import_batches_expires_idx" ON "org_import_batches" USING btree ("expires_at");