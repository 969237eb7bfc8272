ALTER TABLE "import_rows" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "bank_card" text;