-- The treatments a computation inserts (recompute.service: a settlement load writes a million) add
-- to the five totals of treatments (0015 treatment_totals, 0026 benefit_totals, 0031
-- unit_benefit_totals, 0032 benefit_level_totals and benefit_chapter_totals) once, grouped by the
-- writer, instead of through these insert triggers per statement: the triggers read each batch's
-- rows four times, joined every row to its settlement and found its diagnosis chapter row by row,
-- half of the database's CPU beyond storing the rows (docs/performance.md). The writer says so for
-- its own COPY only, with a setting local to its transaction that it clears right after
-- (transition.repository writeTreatments, treatment-totals.ts): every other insert, and every
-- update and delete, is counted by the triggers as before. The totals equal a recount at the end
-- of every transaction (reports/report-totals.test.ts).
DROP TRIGGER "treatments_totals_insert" ON "treatments";--> statement-breakpoint
CREATE TRIGGER treatments_totals_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  WHEN (current_setting('hall.treatment_totals', true) IS DISTINCT FROM 'by writer') EXECUTE FUNCTION hall_treatment_totals();--> statement-breakpoint
DROP TRIGGER "treatments_benefit_totals_insert" ON "treatments";--> statement-breakpoint
CREATE TRIGGER treatments_benefit_totals_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  WHEN (current_setting('hall.treatment_totals', true) IS DISTINCT FROM 'by writer') EXECUTE FUNCTION hall_treatment_benefit_totals();--> statement-breakpoint
DROP TRIGGER "treatments_unit_totals_insert" ON "treatments";--> statement-breakpoint
CREATE TRIGGER treatments_unit_totals_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  WHEN (current_setting('hall.treatment_totals', true) IS DISTINCT FROM 'by writer') EXECUTE FUNCTION hall_treatment_unit_totals();--> statement-breakpoint
DROP TRIGGER "treatments_mix_totals_insert" ON "treatments";--> statement-breakpoint
CREATE TRIGGER treatments_mix_totals_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  WHEN (current_setting('hall.treatment_totals', true) IS DISTINCT FROM 'by writer') EXECUTE FUNCTION hall_treatment_mix_totals();
