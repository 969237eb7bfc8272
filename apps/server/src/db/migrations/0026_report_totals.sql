CREATE TABLE "benefit_totals" (
	"month" date NOT NULL,
	"period_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"n" integer NOT NULL,
	"with_amount" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_fen" bigint NOT NULL,
	CONSTRAINT "benefit_totals_month_period_id_product_code_kind_state_pk" PRIMARY KEY("month","period_id","product_code","kind","state")
);
--> statement-breakpoint
CREATE TABLE "enrolment_totals" (
	"period_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"state" text NOT NULL,
	"lines" integer NOT NULL,
	"shares" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "enrolment_totals_period_id_unit_id_product_code_state_pk" PRIMARY KEY("period_id","unit_id","product_code","state")
);
--> statement-breakpoint
CREATE TABLE "fund_totals" (
	"period_id" integer PRIMARY KEY NOT NULL,
	"payments" integer NOT NULL,
	"received_fen" bigint NOT NULL
);

--> statement-breakpoint
-- manual:report totals begin
-- The statistics and reports (统计报表) read these summary tables, kept like treatment_totals
-- (migration 0015) by statement triggers in the transaction of every write: loads, corrections,
-- reversals, recomputes, payments, reviews, payouts and an operator's SQL alike. Each writer adds
-- its rows once, grouped; upserts go in key order. docs/decisions.md, "Report totals".
-- Application lines: counted while live, under their application's unit and current state.
CREATE FUNCTION hall_enrolment_line_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO enrolment_totals AS s (period_id, unit_id, product_code, state, lines, shares, amount_fen)
    SELECT period_id, unit_id, product_code, state, sum(lines), sum(shares), sum(amount_fen) FROM (
      SELECT r.period_id, a.unit_id, r.product_code, a.state, 1 AS lines, r.shares AS shares, r.amount_fen AS amount_fen FROM new_rows r JOIN applications a ON a.id = r.application_id WHERE r.live
    ) d GROUP BY 1, 2, 3, 4 HAVING sum(lines) <> 0 OR sum(shares) <> 0 OR sum(amount_fen) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (period_id, unit_id, product_code, state) DO UPDATE SET lines = s.lines + excluded.lines, shares = s.shares + excluded.shares, amount_fen = s.amount_fen + excluded.amount_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO enrolment_totals AS s (period_id, unit_id, product_code, state, lines, shares, amount_fen)
    SELECT period_id, unit_id, product_code, state, sum(lines), sum(shares), sum(amount_fen) FROM (
      SELECT r.period_id, a.unit_id, r.product_code, a.state, -1 AS lines, -r.shares AS shares, -r.amount_fen AS amount_fen FROM old_rows r JOIN applications a ON a.id = r.application_id WHERE r.live
    ) d GROUP BY 1, 2, 3, 4 HAVING sum(lines) <> 0 OR sum(shares) <> 0 OR sum(amount_fen) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (period_id, unit_id, product_code, state) DO UPDATE SET lines = s.lines + excluded.lines, shares = s.shares + excluded.shares, amount_fen = s.amount_fen + excluded.amount_fen;
  ELSE
    INSERT INTO enrolment_totals AS s (period_id, unit_id, product_code, state, lines, shares, amount_fen)
    SELECT period_id, unit_id, product_code, state, sum(lines), sum(shares), sum(amount_fen) FROM (
      SELECT r.period_id, a.unit_id, r.product_code, a.state, 1 AS lines, r.shares AS shares, r.amount_fen AS amount_fen FROM new_rows r JOIN applications a ON a.id = r.application_id WHERE r.live
      UNION ALL
      SELECT r.period_id, a.unit_id, r.product_code, a.state, -1 AS lines, -r.shares AS shares, -r.amount_fen AS amount_fen FROM old_rows r JOIN applications a ON a.id = r.application_id WHERE r.live
    ) d GROUP BY 1, 2, 3, 4 HAVING sum(lines) <> 0 OR sum(shares) <> 0 OR sum(amount_fen) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (period_id, unit_id, product_code, state) DO UPDATE SET lines = s.lines + excluded.lines, shares = s.shares + excluded.shares, amount_fen = s.amount_fen + excluded.amount_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER application_lines_totals_insert AFTER INSERT ON application_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_enrolment_line_totals();
--> statement-breakpoint
CREATE TRIGGER application_lines_totals_update AFTER UPDATE ON application_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_enrolment_line_totals();
--> statement-breakpoint
CREATE TRIGGER application_lines_totals_delete AFTER DELETE ON application_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_enrolment_line_totals();
--> statement-breakpoint
-- An application's state (or unit) moves its live lines from the old key to the new one.
CREATE FUNCTION hall_enrolment_state_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enrolment_totals AS s (period_id, unit_id, product_code, state, lines, shares, amount_fen)
  SELECT period_id, unit_id, product_code, state, sum(lines), sum(shares), sum(amount_fen) FROM (
    SELECT l.period_id, n.unit_id, l.product_code, n.state, 1 AS lines, l.shares::int AS shares, l.amount_fen::bigint AS amount_fen
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN application_lines l ON l.application_id = n.id AND l.live
    WHERE n.state <> o.state OR n.unit_id <> o.unit_id
    UNION ALL
    SELECT l.period_id, o.unit_id, l.product_code, o.state, -1, -l.shares, -l.amount_fen
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN application_lines l ON l.application_id = n.id AND l.live
    WHERE n.state <> o.state OR n.unit_id <> o.unit_id
  ) d GROUP BY 1, 2, 3, 4 HAVING sum(lines) <> 0 OR sum(shares) <> 0 OR sum(amount_fen) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (period_id, unit_id, product_code, state) DO UPDATE SET lines = s.lines + excluded.lines, shares = s.shares + excluded.shares, amount_fen = s.amount_fen + excluded.amount_fen;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applications_totals_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_enrolment_state_totals();
--> statement-breakpoint
-- A deleted application's lines go by cascade after it, when their trigger no longer finds it:
-- take them off here, before (applications are not deleted by the hall; this keeps SQL honest).
CREATE FUNCTION hall_enrolment_delete_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enrolment_totals AS s (period_id, unit_id, product_code, state, lines, shares, amount_fen)
  SELECT l.period_id, OLD.unit_id, l.product_code, OLD.state, -count(*), -sum(l.shares), -sum(l.amount_fen)
  FROM application_lines l WHERE l.application_id = OLD.id AND l.live GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (period_id, unit_id, product_code, state) DO UPDATE SET lines = s.lines + excluded.lines, shares = s.shares + excluded.shares, amount_fen = s.amount_fen + excluded.amount_fen;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER applications_totals_delete BEFORE DELETE ON applications FOR EACH ROW EXECUTE FUNCTION hall_enrolment_delete_totals();
--> statement-breakpoint
-- Treatments by month of discharge.
CREATE FUNCTION hall_treatment_benefit_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO benefit_totals AS s (month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, r.paid_fen AS paid_fen FROM new_rows r
    ) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO benefit_totals AS s (month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -r.paid_fen AS paid_fen FROM old_rows r
    ) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSE
    INSERT INTO benefit_totals AS s (month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, r.paid_fen AS paid_fen FROM new_rows r
      UNION ALL
      SELECT date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -r.paid_fen AS paid_fen FROM old_rows r
    ) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER treatments_benefit_totals_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_benefit_totals();
--> statement-breakpoint
CREATE TRIGGER treatments_benefit_totals_update AFTER UPDATE ON treatments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_benefit_totals();
--> statement-breakpoint
CREATE TRIGGER treatments_benefit_totals_delete AFTER DELETE ON treatments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatment_benefit_totals();
--> statement-breakpoint
-- Claims by China month of their decision (of their filing while undecided).
CREATE FUNCTION hall_claim_benefit_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO benefit_totals AS s (month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, (CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM new_rows r
    ) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO benefit_totals AS s (month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -(CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM old_rows r
    ) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  ELSE
    INSERT INTO benefit_totals AS s (month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
    SELECT month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
      SELECT date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, (CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM new_rows r
      UNION ALL
      SELECT date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, -1 AS n, -(r.amount_fen > 0)::int AS with_amount, -r.amount_fen AS amount_fen, -(CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM old_rows r
    ) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(with_amount) <> 0 OR sum(amount_fen) <> 0 OR sum(paid_fen) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, period_id, product_code, kind, state) DO UPDATE SET n = s.n + excluded.n, with_amount = s.with_amount + excluded.with_amount, amount_fen = s.amount_fen + excluded.amount_fen, paid_fen = s.paid_fen + excluded.paid_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER claims_benefit_totals_insert AFTER INSERT ON claims
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_claim_benefit_totals();
--> statement-breakpoint
CREATE TRIGGER claims_benefit_totals_update AFTER UPDATE ON claims
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_claim_benefit_totals();
--> statement-breakpoint
CREATE TRIGGER claims_benefit_totals_delete AFTER DELETE ON claims
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_claim_benefit_totals();
--> statement-breakpoint
-- Confirmed payments by the period of the application paid.
CREATE FUNCTION hall_fund_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fund_totals AS s (period_id, payments, received_fen)
    SELECT period_id, sum(payments), sum(received_fen) FROM (
      SELECT a.period_id, 1 AS payments, r.amount_fen AS received_fen FROM new_rows r JOIN applications a ON a.id = r.application_id
    ) d GROUP BY 1 HAVING sum(payments) <> 0 OR sum(received_fen) <> 0 ORDER BY 1
    ON CONFLICT (period_id) DO UPDATE SET payments = s.payments + excluded.payments, received_fen = s.received_fen + excluded.received_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO fund_totals AS s (period_id, payments, received_fen)
    SELECT period_id, sum(payments), sum(received_fen) FROM (
      SELECT a.period_id, -1 AS payments, -r.amount_fen AS received_fen FROM old_rows r JOIN applications a ON a.id = r.application_id
    ) d GROUP BY 1 HAVING sum(payments) <> 0 OR sum(received_fen) <> 0 ORDER BY 1
    ON CONFLICT (period_id) DO UPDATE SET payments = s.payments + excluded.payments, received_fen = s.received_fen + excluded.received_fen;
  ELSE
    INSERT INTO fund_totals AS s (period_id, payments, received_fen)
    SELECT period_id, sum(payments), sum(received_fen) FROM (
      SELECT a.period_id, 1 AS payments, r.amount_fen AS received_fen FROM new_rows r JOIN applications a ON a.id = r.application_id
      UNION ALL
      SELECT a.period_id, -1 AS payments, -r.amount_fen AS received_fen FROM old_rows r JOIN applications a ON a.id = r.application_id
    ) d GROUP BY 1 HAVING sum(payments) <> 0 OR sum(received_fen) <> 0 ORDER BY 1
    ON CONFLICT (period_id) DO UPDATE SET payments = s.payments + excluded.payments, received_fen = s.received_fen + excluded.received_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_fund_totals_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_fund_totals();
--> statement-breakpoint
CREATE TRIGGER payments_fund_totals_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_fund_totals();
--> statement-breakpoint
CREATE TRIGGER payments_fund_totals_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_fund_totals();
--> statement-breakpoint
INSERT INTO enrolment_totals (period_id, unit_id, product_code, state, lines, shares, amount_fen)
SELECT l.period_id, a.unit_id, l.product_code, a.state, count(*), sum(l.shares), sum(l.amount_fen)
FROM application_lines l JOIN applications a ON a.id = l.application_id WHERE l.live GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO benefit_totals (month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
SELECT month, period_id, product_code, kind, state, sum(n), sum(with_amount), sum(amount_fen), sum(paid_fen) FROM (
  SELECT date_trunc('month', r.discharged_on::timestamp)::date AS month, r.period_id, r.product_code, 'treatment' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, r.paid_fen AS paid_fen FROM treatments r
  UNION ALL
  SELECT date_trunc('month', (coalesce(r.decided_at, r.submitted_at, r.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date AS month, r.period_id, r.product_code, 'claim' AS kind, r.state, 1 AS n, (r.amount_fen > 0)::int AS with_amount, r.amount_fen AS amount_fen, (CASE WHEN r.state = 'paid' THEN r.amount_fen ELSE 0 END) AS paid_fen FROM claims r
) d GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO fund_totals (period_id, payments, received_fen)
SELECT a.period_id, count(*), sum(p.amount_fen) FROM payments p JOIN applications a ON a.id = p.application_id GROUP BY 1;
-- manual:report totals end
