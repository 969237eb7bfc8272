CREATE TABLE "union_change_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "union_change_files" ADD CONSTRAINT "union_change_files_change_id_union_info_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."union_info_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_change_files" ADD CONSTRAINT "union_change_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "union_change_files_key" ON "union_change_files" USING btree ("change_id","file_id");--> statement-breakpoint
CREATE INDEX "union_change_files_file_idx" ON "union_change_files" USING btree ("file_id");