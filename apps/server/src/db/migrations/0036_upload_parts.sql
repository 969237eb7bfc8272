-- A staged part (HALL_FILE_STORE=db) carries the time it was written, by the hall's clock; a
-- published one has none. A node killed while a file arrived leaves its staged parts: the sweep
-- (lib/parts-sweep.ts) removes an upload's parts once its newest is older than HALL_UPLOAD_PARTS_HOURS.
-- Parts from before this column have no stamp and cannot be told from published ones: only a staging
-- id that no files row names is such a leftover, and none is guessed at here.
ALTER TABLE "file_blobs" ADD COLUMN "staged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "file_blobs_staged_idx" ON "file_blobs" USING btree ("staged_at") WHERE "file_blobs"."staged_at" IS NOT NULL;
