CREATE INDEX "audit_action_id_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_actor_id_idx" ON "audit_log" USING btree ("actor_key","id");--> statement-breakpoint
CREATE INDEX "audit_transfer_idx" ON "audit_log" USING btree (("detail" ->> 'transfer')) WHERE ("audit_log"."detail" ->> 'transfer') IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_filing_idx" ON "audit_log" USING btree (("detail" ->> 'filing')) WHERE ("audit_log"."detail" ->> 'filing') IS NOT NULL;--> statement-breakpoint
CREATE INDEX "registrations_submitted_idx" ON "registrations" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "applications_submitted_idx" ON "applications" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "payments_confirmed_idx" ON "payments" USING btree ("confirmed_at");--> statement-breakpoint
CREATE INDEX "claims_submitted_idx" ON "claims" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at");