CREATE TABLE "benefit_chapter_totals" (
	"month" date NOT NULL,
	"period_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"state" text NOT NULL,
	"chapter" text NOT NULL,
	"n" integer NOT NULL,
	"with_amount" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_fen" bigint NOT NULL,
	CONSTRAINT "benefit_chapter_totals_month_period_id_product_code_state_chapter_pk" PRIMARY KEY("month","period_id","product_code","state","chapter")
);
--> statement-breakpoint
CREATE TABLE "benefit_level_totals" (
	"month" date NOT NULL,
	"period_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"state" text NOT NULL,
	"hospital_level" text NOT NULL,
	"n" integer NOT NULL,
	"with_amount" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_fen" bigint NOT NULL,
	CONSTRAINT "benefit_level_totals_month_period_id_product_code_state_hospital_level_pk" PRIMARY KEY("month","period_id","product_code","state","hospital_level")
);

--> statement-breakpoint
-- manual:benefit mix begin
-- 待遇统计 per hospital level and per ICD-10 chapter of the diagnosis: treatments summed like
-- benefit_totals (month of discharge × period × product × state), under the level and the chapter
-- of their settlement. Kept by statement triggers on treatments (which read their settlement) and
-- on settlements (a correction that changes the level or the diagnosis moves its treatments; a
-- deleted settlement takes its treatments off before they go by cascade). docs/decisions.md,
-- "Report totals kept on write".
-- The chapter of a diagnosis code: the ranges of packages/shared/src/benefits/icd10.ts ('' none);
-- reports/report-totals.test.ts checks both agree on every code A00–Z99.
CREATE FUNCTION hall_icd10_chapter(code text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  k text COLLATE "C" := upper(left(btrim(coalesce(code, '')), 3));
BEGIN
  IF k !~ '^[A-Z][0-9][0-9]$' THEN
    RETURN '';
  END IF;
  RETURN CASE
    WHEN k BETWEEN 'A00' AND 'B99' THEN 'I'
    WHEN k BETWEEN 'C00' AND 'D48' THEN 'II'
    WHEN k BETWEEN 'D50' AND 'D89' THEN 'III'
    WHEN k BETWEEN 'E00' AND 'E90' THEN 'IV'
    WHEN k BETWEEN 'F00' AND 'F99' THEN 'V'
    WHEN k BETWEEN 'G00' AND 'G99' THEN 'VI'
    WHEN k BETWEEN 'H00' AND 'H59' THEN 'VII'
    WHEN k BETWEEN 'H60' AND 'H95' THEN 'VIII'
    WHEN k BETWEEN 'I00' AND 'I99' THEN 'IX'
    WHEN k BETWEEN 'J00' AND 'J99' THEN 'X'
    WHEN k BETWEEN 'K00' AND 'K93' THEN 'XI'
    WHEN k BETWEEN 'L00' AND 'L99' THEN 'XII'
    WHEN k BETWEEN 'M00' AND 'M99' THEN 'XIII'
    WHEN k BETWEEN 'N00' AND 'N99' THEN 'XIV'
    WHEN k BETWEEN 'O00' AND 'O99' THEN 'XV'
    WHEN k BETWEEN 'P00' AND 'P96' THEN 'XVI'
    WHEN k BETWEEN 'Q00' AND 'Q99' THEN 'XVII'
    WHEN k BETWEEN 'R00' AND 'R99' THEN 'XVIII'
    WHEN k BETWEEN 'S00' AND 'T98' THEN 'XIX'
    WHEN k BETWEEN 'V01' AND 'Y98' THEN 'XX'
    WHEN k BETWEEN 'Z00' AND 'Z99' THEN 'XXI'
    WHEN k BETWEEN 'U00' AND 'U99' THEN 'XXII'
    ELSE '' END;
END $$;
--> statement-breakpoint
-- Treatments under their settlement's level and chapter (a treatment whose settlement is gone was
-- taken off by the settlement's trigger below, and joins nothing here).
CREATE FUNCTION hall_treatment_mix_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS MATERIALIZED (
      SELECT date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, r.state, s.hospital_level, hall_icd10_chapter(s.diagnosis_code) AS chapter, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, r.paid_fen AS paid_fen FROM new_rows r JOIN settlements s ON s.id = r.settlement_id
    ), levels AS (
      INSERT INTO benefit_level_totals AS t (month, period_id, product_code, state, hospital_level, n, with_amount, amount_fen, paid_fen)
      SELECT month, period_id, product_code, state, hospital_level, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (month, period_id, product_code, state, hospital_level) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen
      RETURNING 1
    )
    INSERT INTO benefit_chapter_totals AS t (month, period_id, product_code, state, chapter, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, state, chapter, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, state, chapter) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS MATERIALIZED (
      SELECT date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, r.state, s.hospital_level, hall_icd10_chapter(s.diagnosis_code) AS chapter, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -r.paid_fen AS paid_fen FROM old_rows r JOIN settlements s ON s.id = r.settlement_id
    ), levels AS (
      INSERT INTO benefit_level_totals AS t (month, period_id, product_code, state, hospital_level, n, with_amount, amount_fen, paid_fen)
      SELECT month, period_id, product_code, state, hospital_level, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (month, period_id, product_code, state, hospital_level) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen
      RETURNING 1
    )
    INSERT INTO benefit_chapter_totals AS t (month, period_id, product_code, state, chapter, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, state, chapter, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, state, chapter) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen;
  ELSE
    WITH d AS MATERIALIZED (
      SELECT date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, r.state, s.hospital_level, hall_icd10_chapter(s.diagnosis_code) AS chapter, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, r.paid_fen AS paid_fen FROM new_rows r JOIN settlements s ON s.id = r.settlement_id
      UNION ALL
      SELECT date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, r.state, s.hospital_level, hall_icd10_chapter(s.diagnosis_code) AS chapter, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -r.paid_fen AS paid_fen FROM old_rows r JOIN settlements s ON s.id = r.settlement_id
    ), levels AS (
      INSERT INTO benefit_level_totals AS t (month, period_id, product_code, state, hospital_level, n, with_amount, amount_fen, paid_fen)
      SELECT month, period_id, product_code, state, hospital_level, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (month, period_id, product_code, state, hospital_level) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen
      RETURNING 1
    )
    INSERT INTO benefit_chapter_totals AS t (month, period_id, product_code, state, chapter, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, state, chapter, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, state, chapter) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER treatments_mix_totals_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_mix_totals();
--> statement-breakpoint
CREATE TRIGGER treatments_mix_totals_update AFTER UPDATE ON treatments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_mix_totals();
--> statement-breakpoint
CREATE TRIGGER treatments_mix_totals_delete AFTER DELETE ON treatments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_mix_totals();
--> statement-breakpoint
-- A settlement whose level or diagnosis chapter changes (a correction, version + 1) moves its
-- treatments from the old key to the new; a deleted one takes its treatments off while they are
-- still there: this trigger's name sorts before settlements_referenced_deleted (migration 0008),
-- which deletes them.
CREATE FUNCTION hall_settlement_mix_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    WITH d AS MATERIALIZED (
      SELECT date_trunc('month', t.discharged_on::timestamp)::date AS month, t.period_id, t.product_code, t.state, o.hospital_level, hall_icd10_chapter(o.diagnosis_code) AS chapter, -1 AS n, -(t.amount_fen > 0)::int AS with_amount, -t.amount_fen AS amount_fen, -t.paid_fen AS paid_fen FROM old_rows o JOIN treatments t ON t.settlement_id = o.id
    ), levels AS (
      INSERT INTO benefit_level_totals AS t (month, period_id, product_code, state, hospital_level, n, with_amount, amount_fen, paid_fen)
      SELECT month, period_id, product_code, state, hospital_level, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (month, period_id, product_code, state, hospital_level) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen
      RETURNING 1
    )
    INSERT INTO benefit_chapter_totals AS t (month, period_id, product_code, state, chapter, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, state, chapter, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, state, chapter) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen;
  ELSE
    WITH d AS MATERIALIZED (
      SELECT date_trunc('month', t.discharged_on::timestamp)::date AS month, t.period_id, t.product_code, t.state, n.hospital_level, hall_icd10_chapter(n.diagnosis_code) AS chapter, 1 AS n, (t.amount_fen > 0)::int AS with_amount, t.amount_fen AS amount_fen, t.paid_fen AS paid_fen FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN treatments t ON t.settlement_id = n.id
        WHERE n.hospital_level <> o.hospital_level OR hall_icd10_chapter(n.diagnosis_code) <> hall_icd10_chapter(o.diagnosis_code)
      UNION ALL
      SELECT date_trunc('month', t.discharged_on::timestamp)::date AS month, t.period_id, t.product_code, t.state, o.hospital_level, hall_icd10_chapter(o.diagnosis_code) AS chapter, -1 AS n, -(t.amount_fen > 0)::int AS with_amount, -t.amount_fen AS amount_fen, -t.paid_fen AS paid_fen FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN treatments t ON t.settlement_id = n.id
        WHERE n.hospital_level <> o.hospital_level OR hall_icd10_chapter(n.diagnosis_code) <> hall_icd10_chapter(o.diagnosis_code)
    ), levels AS (
      INSERT INTO benefit_level_totals AS t (month, period_id, product_code, state, hospital_level, n, with_amount, amount_fen, paid_fen)
      SELECT month, period_id, product_code, state, hospital_level, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (month, period_id, product_code, state, hospital_level) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen
      RETURNING 1
    )
    INSERT INTO benefit_chapter_totals AS t (month, period_id, product_code, state, chapter, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, state, chapter, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, state, chapter) DO UPDATE SET n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount, amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER settlements_mix_totals_update AFTER UPDATE ON settlements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_settlement_mix_totals();
--> statement-breakpoint
CREATE TRIGGER settlements_mix_totals_delete AFTER DELETE ON settlements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_settlement_mix_totals();
--> statement-breakpoint
INSERT INTO benefit_level_totals (month, period_id, product_code, state, hospital_level, n, with_amount, amount_fen, paid_fen)
SELECT date_trunc('month', r.discharged_on::timestamp)::date, r.period_id, r.product_code, r.state, s.hospital_level, count(*), sum((r.amount_fen > 0)::int), sum(r.amount_fen), sum(r.paid_fen)
FROM treatments r JOIN settlements s ON s.id = r.settlement_id GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO benefit_chapter_totals (month, period_id, product_code, state, chapter, n, with_amount, amount_fen, paid_fen)
SELECT date_trunc('month', r.discharged_on::timestamp)::date, r.period_id, r.product_code, r.state, hall_icd10_chapter(s.diagnosis_code), count(*), sum((r.amount_fen > 0)::int), sum(r.amount_fen), sum(r.paid_fen)
FROM treatments r JOIN settlements s ON s.id = r.settlement_id GROUP BY 1, 2, 3, 4, 5;
-- manual:benefit mix end
