-- One staging for every import (lib/staged-import.ts, issue 18): the union's subordinate-unit
-- import moves from its own tables onto import_batches/import_rows (kind 'org'; what it stages
-- beyond the typed columns goes in import_rows.extra). Batches waiting in the old tables are
-- dropped with them: a preview lives an hour, and the clerk uploads the file again.
DROP TABLE "org_import_batches" CASCADE;--> statement-breakpoint
DROP TABLE "org_import_rows" CASCADE;--> statement-breakpoint
ALTER TABLE "import_batches" DROP CONSTRAINT "import_batches_kind_check";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_kind_check" CHECK ("kind" IN ('roster', 'apply', 'org'));