-- The key checks of the treatments a computation inserts (recompute.service: a settlement load
-- writes a million) are the writer's, as their totals are (migration 0042): every key of such a
-- row comes from what the computation read in its own transaction under the treatments lock, which
-- every delete of a parent takes too (migration 0008): the settlement and its person from
-- `settlements`, the unit and coverage from `coverages` and its transfer lines, the period and
-- product from `products`; no payout batch. Checking them again cost 2 of the 5 CPU-s of
-- PostgreSQL that the treatments' COPY of a 200,000-row load took (docs/performance.md). The
-- computation says so for its own COPY only, with a setting local to its transaction that it
-- clears right after (transition.repository writeTreatments); every other insert, and every
-- update, is checked as before (db/integrity.test.ts).
DROP TRIGGER "treatments_references_insert" ON "treatments";--> statement-breakpoint
CREATE TRIGGER treatments_references_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  WHEN (current_setting('hall.treatment_keys', true) IS DISTINCT FROM 'by writer') EXECUTE FUNCTION hall_treatments_references();
