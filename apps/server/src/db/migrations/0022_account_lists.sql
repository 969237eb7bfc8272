DROP INDEX "units_parent_idx";--> statement-breakpoint
CREATE INDEX "audit_account_idx" ON "audit_log" USING btree (("detail" ->> 'accountId'),"id") WHERE "audit_log"."action" = 'operator';--> statement-breakpoint
CREATE INDEX "units_union_idx" ON "units" USING btree ("id") WHERE "units"."level" = 1;--> statement-breakpoint
CREATE INDEX "units_parent_idx" ON "units" USING btree ("parent_id","id");