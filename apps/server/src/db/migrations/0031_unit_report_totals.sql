CREATE TABLE "unit_benefit_totals" (
	"unit_id" integer NOT NULL,
	"month" date NOT NULL,
	"period_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"n" integer NOT NULL,
	"with_amount" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_fen" bigint NOT NULL,
	CONSTRAINT "unit_benefit_totals_unit_id_month_period_id_product_code_kind_state_pk" PRIMARY KEY("unit_id","month","period_id","product_code","kind","state")
);
--> statement-breakpoint
CREATE TABLE "unit_fund_totals" (
	"unit_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"payments" integer NOT NULL,
	"received_fen" bigint NOT NULL,
	CONSTRAINT "unit_fund_totals_unit_id_period_id_pk" PRIMARY KEY("unit_id","period_id")
);

--> statement-breakpoint
-- manual:unit report totals begin
-- A level-1 union's own 统计报表 (the portal's /Home) reads its units' benefits and receipts from
-- these, kept as benefit_totals and fund_totals are (migration 0026): statement triggers in the
-- transaction of every write, upserts in key order. docs/decisions.md, "Report totals kept on write".
-- Treatments by unit and month of discharge.
CREATE FUNCTION hall_treatment_unit_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO unit_benefit_totals AS s (unit_id, month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT unit_id, month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT r.unit_id, date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, r.paid_fen AS paid_fen FROM new_rows r
    ) d GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (unit_id, month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO unit_benefit_totals AS s (unit_id, month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT unit_id, month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT r.unit_id, date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -r.paid_fen AS paid_fen FROM old_rows r
    ) d GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (unit_id, month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSE
    INSERT INTO unit_benefit_totals AS s (unit_id, month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT unit_id, month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT r.unit_id, date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, r.paid_fen AS paid_fen FROM new_rows r
      UNION ALL
      SELECT r.unit_id, date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -r.paid_fen AS paid_fen FROM old_rows r
    ) d GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (unit_id, month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER treatments_unit_totals_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_unit_totals();
--> statement-breakpoint
CREATE TRIGGER treatments_unit_totals_update AFTER UPDATE ON treatments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_unit_totals();
--> statement-breakpoint
CREATE TRIGGER treatments_unit_totals_delete AFTER DELETE ON treatments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_unit_totals();
--> statement-breakpoint
-- Claims by unit and China month of their decision (of their filing while undecided).
CREATE FUNCTION hall_claim_unit_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO unit_benefit_totals AS s (unit_id, month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT unit_id, month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT r.unit_id, date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, (CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM new_rows r
    ) d GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (unit_id, month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO unit_benefit_totals AS s (unit_id, month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT unit_id, month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT r.unit_id, date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -(CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM old_rows r
    ) d GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (unit_id, month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSE
    INSERT INTO unit_benefit_totals AS s (unit_id, month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT unit_id, month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT r.unit_id, date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, (CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM new_rows r
      UNION ALL
      SELECT r.unit_id, date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -(CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM old_rows r
    ) d GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (unit_id, month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER claims_unit_totals_insert AFTER INSERT ON claims
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_claim_unit_totals();
--> statement-breakpoint
CREATE TRIGGER claims_unit_totals_update AFTER UPDATE ON claims
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_claim_unit_totals();
--> statement-breakpoint
CREATE TRIGGER claims_unit_totals_delete AFTER DELETE ON claims
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_claim_unit_totals();
--> statement-breakpoint
-- Confirmed payments by the unit and period of the application paid.
CREATE FUNCTION hall_fund_unit_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO unit_fund_totals AS s (unit_id, period_id, payments, received_fen)
    SELECT unit_id, period_id, sum(payments), sum(received_fen) FROM (
      SELECT a.unit_id, a.period_id, 1 AS payments, r.amount_fen AS received_fen FROM new_rows r JOIN applications a ON a.id = r.application_id
    ) d GROUP BY 1, 2 HAVING sum(payments) <> 0 OR sum(received_fen) <> 0 ORDER BY 1, 2
    ON CONFLICT (unit_id, period_id) DO UPDATE SET payments = s.payments + excluded.payments, received_fen = s.received_fen + excluded.received_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO unit_fund_totals AS s (unit_id, period_id, payments, received_fen)
    SELECT unit_id, period_id, sum(payments), sum(received_fen) FROM (
      SELECT a.unit_id, a.period_id, -1 AS payments, -r.amount_fen AS received_fen FROM old_rows r JOIN applications a ON a.id = r.application_id
    ) d GROUP BY 1, 2 HAVING sum(payments) <> 0 OR sum(received_fen) <> 0 ORDER BY 1, 2
    ON CONFLICT (unit_id, period_id) DO UPDATE SET payments = s.payments + excluded.payments, received_fen = s.received_fen + excluded.received_fen;
  ELSE
    INSERT INTO unit_fund_totals AS s (unit_id, period_id, payments, received_fen)
    SELECT unit_id, period_id, sum(payments), sum(received_fen) FROM (
      SELECT a.unit_id, a.period_id, 1 AS payments, r.amount_fen AS received_fen FROM new_rows r JOIN applications a ON a.id = r.application_id
      UNION ALL
      SELECT a.unit_id, a.period_id, -1 AS payments, -r.amount_fen AS received_fen FROM old_rows r JOIN applications a ON a.id = r.application_id
    ) d GROUP BY 1, 2 HAVING sum(payments) <> 0 OR sum(received_fen) <> 0 ORDER BY 1, 2
    ON CONFLICT (unit_id, period_id) DO UPDATE SET payments = s.payments + excluded.payments, received_fen = s.received_fen + excluded.received_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_unit_totals_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_fund_unit_totals();
--> statement-breakpoint
CREATE TRIGGER payments_unit_totals_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_fund_unit_totals();
--> statement-breakpoint
CREATE TRIGGER payments_unit_totals_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_fund_unit_totals();
--> statement-breakpoint
-- An application moved to another unit takes its payments with it.
CREATE FUNCTION hall_fund_unit_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unit_fund_totals AS s (unit_id, period_id, payments, received_fen)
  SELECT unit_id, period_id, sum(payments), sum(received_fen) FROM (
    SELECT n.unit_id, n.period_id, count(*)::int AS payments, sum(p.amount_fen) AS received_fen FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN payments p ON p.application_id = n.id
      WHERE n.unit_id <> o.unit_id OR n.period_id <> o.period_id GROUP BY 1, 2
    UNION ALL
    SELECT o.unit_id, o.period_id, -count(*)::int, -sum(p.amount_fen) FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN payments p ON p.application_id = n.id
      WHERE n.unit_id <> o.unit_id OR n.period_id <> o.period_id GROUP BY 1, 2
  ) d GROUP BY 1, 2 HAVING sum(payments) <> 0 OR sum(received_fen) <> 0 ORDER BY 1, 2
  ON CONFLICT (unit_id, period_id) DO UPDATE SET payments = s.payments + excluded.payments, received_fen = s.received_fen + excluded.received_fen;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applications_unit_fund_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_fund_unit_move();
--> statement-breakpoint
INSERT INTO unit_benefit_totals (unit_id, month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
SELECT unit_id, month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
  SELECT r.unit_id, date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, r.paid_fen AS paid_fen FROM treatments r
  UNION ALL
  SELECT r.unit_id, date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, (CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM claims r
) d GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO unit_fund_totals (unit_id, period_id, payments, received_fen)
SELECT a.unit_id, a.period_id, count(*), sum(p.amount_fen) FROM payments p JOIN applications a ON a.id = p.application_id GROUP BY 1, 2;
-- manual:unit report totals end
