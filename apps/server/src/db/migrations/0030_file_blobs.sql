CREATE TABLE "file_blobs" (
	"file_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "file_blobs_file_id_part_pk" PRIMARY KEY("file_id","part"),
	CONSTRAINT "file_blobs_part_check" CHECK ("file_blobs"."part" >= 0)
);
--> statement-breakpoint
-- Uploads are mostly PDF, JPEG, PNG and Office packages, already compressed: stored out of line
-- without TOAST's compression attempt (hand-written; drizzle-kit does not model column storage).
ALTER TABLE "file_blobs" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
