-- The bureau's registry and settlement files go through the staged import (lib/staged-import.ts):
-- two new kinds, and a batch owned by the operator account that uploaded it (operator_id) instead
-- of a unit; exactly one of the two owns a batch.
ALTER TABLE "import_batches" DROP CONSTRAINT "import_batches_kind_check";--> statement-breakpoint
ALTER TABLE "import_batches" ALTER COLUMN "unit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "operator_id" integer;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_owner_check" CHECK (num_nonnulls("import_batches"."unit_id", "import_batches"."operator_id") = 1);--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_kind_check" CHECK ("kind" IN ('roster', 'apply', 'org', 'registry', 'settlement'));