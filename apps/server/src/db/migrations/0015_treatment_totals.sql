CREATE TABLE "treatment_totals" (
	"unit_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"state" text NOT NULL,
	"n" integer NOT NULL,
	"with_amount" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_fen" bigint NOT NULL,
	CONSTRAINT "treatment_totals_unit_id_period_id_product_code_state_pk" PRIMARY KEY("unit_id","period_id","product_code","state")
);
--> statement-breakpoint
-- manual:totals begin
-- The treatment totals of a unit (home page figures, 互助待遇查询's totals line) are read from
-- treatment_totals, kept by these statement triggers on every write of treatments: a load of
-- 100,000 settlements adds its rows once, grouped, and a unit of 50,000 staff reads a few rows
-- instead of summing its treatments on every visit. Upserts go in key order (writers that insert
-- treatments already queue on the lock of migration 0008's reference check).
CREATE FUNCTION hall_treatment_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO treatment_totals AS s (unit_id, period_id, product_code, state, n, with_amount, amount_fen, paid_fen)
    SELECT unit_id, period_id, product_code, state, count(*), count(*) FILTER (WHERE amount_fen > 0), sum(amount_fen), sum(paid_fen)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (unit_id, period_id, product_code, state) DO UPDATE SET n = s.n + excluded.n,
      with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO treatment_totals AS s (unit_id, period_id, product_code, state, n, with_amount, amount_fen, paid_fen)
    SELECT unit_id, period_id, product_code, state, -count(*), -count(*) FILTER (WHERE amount_fen > 0), -sum(amount_fen), -sum(paid_fen)
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (unit_id, period_id, product_code, state) DO UPDATE SET n = s.n + excluded.n,
      with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSE
    INSERT INTO treatment_totals AS s (unit_id, period_id, product_code, state, n, with_amount, amount_fen, paid_fen)
    SELECT unit_id, period_id, product_code, state, sum(n), sum(w), sum(a), sum(p) FROM (
      SELECT unit_id, period_id, product_code, state, 1 AS n, (amount_fen > 0)::int AS w, amount_fen AS a, paid_fen AS p FROM new_rows
      UNION ALL
      SELECT unit_id, period_id, product_code, state, -1, -(amount_fen > 0)::int, -amount_fen, -paid_fen FROM old_rows
    ) d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(w) <> 0 OR sum(a) <> 0 OR sum(p) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (unit_id, period_id, product_code, state) DO UPDATE SET n = s.n + excluded.n,
      with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER treatments_totals_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_totals();
--> statement-breakpoint
CREATE TRIGGER treatments_totals_update AFTER UPDATE ON treatments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_totals();
--> statement-breakpoint
CREATE TRIGGER treatments_totals_delete AFTER DELETE ON treatments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_totals();
--> statement-breakpoint
INSERT INTO treatment_totals (unit_id, period_id, product_code, state, n, with_amount, amount_fen, paid_fen)
SELECT unit_id, period_id, product_code, state, count(*), count(*) FILTER (WHERE amount_fen > 0), sum(amount_fen), sum(paid_fen)
FROM treatments GROUP BY 1, 2, 3, 4;
-- manual:totals end
