CREATE TABLE "unit_claim_totals" (
	"unit_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"n" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "unit_claim_totals_unit_id_period_id_type_state_pk" PRIMARY KEY("unit_id","period_id","type","state")
);
--> statement-breakpoint
CREATE TABLE "unit_staff_totals" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"current" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "claims_unit_state_idx" ON "claims" USING btree ("unit_id","state","filed_by","updated_at");--> statement-breakpoint
-- manual:unit counts begin
-- /Home's subsidy figures and /participation's staff count read these, kept like unit_benefit_totals
-- (migration 0031) by statement triggers in the transaction of every write, upserts in key order.
-- docs/decisions.md, "Report totals kept on write".
CREATE FUNCTION hall_claim_type_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO unit_claim_totals AS s (unit_id, period_id, type, state, n, amount_fen)
    SELECT r.unit_id, r.period_id, r.type, r.state, count(*), sum(r.amount_fen) FROM new_rows r
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (unit_id, period_id, type, state) DO UPDATE SET n = s.n + excluded.n, amount_fen = s.amount_fen + excluded.amount_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO unit_claim_totals AS s (unit_id, period_id, type, state, n, amount_fen)
    SELECT r.unit_id, r.period_id, r.type, r.state, -count(*), -sum(r.amount_fen) FROM old_rows r
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (unit_id, period_id, type, state) DO UPDATE SET n = s.n + excluded.n, amount_fen = s.amount_fen + excluded.amount_fen;
  ELSE
    INSERT INTO unit_claim_totals AS s (unit_id, period_id, type, state, n, amount_fen)
    SELECT unit_id, period_id, type, state, sum(n), sum(amount_fen) FROM (
      SELECT r.unit_id, r.period_id, r.type, r.state, 1 AS n, r.amount_fen FROM new_rows r
      UNION ALL
      SELECT r.unit_id, r.period_id, r.type, r.state, -1, -r.amount_fen FROM old_rows r
    ) d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(amount_fen) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (unit_id, period_id, type, state) DO UPDATE SET n = s.n + excluded.n, amount_fen = s.amount_fen + excluded.amount_fen;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER claims_type_totals_insert AFTER INSERT ON claims
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_claim_type_totals();
--> statement-breakpoint
CREATE TRIGGER claims_type_totals_update AFTER UPDATE ON claims
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_claim_type_totals();
--> statement-breakpoint
CREATE TRIGGER claims_type_totals_delete AFTER DELETE ON claims
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_claim_type_totals();
--> statement-breakpoint
-- Staff on the roster (left_on null) by unit: an update that sets or clears left_on, or moves a
-- person to another unit, moves the count.
CREATE FUNCTION hall_staff_unit_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO unit_staff_totals AS s (unit_id, current)
    SELECT r.unit_id, count(*) FROM new_rows r WHERE r.left_on IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (unit_id) DO UPDATE SET current = s.current + excluded.current;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO unit_staff_totals AS s (unit_id, current)
    SELECT r.unit_id, -count(*) FROM old_rows r WHERE r.left_on IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (unit_id) DO UPDATE SET current = s.current + excluded.current;
  ELSE
    INSERT INTO unit_staff_totals AS s (unit_id, current)
    SELECT unit_id, sum(n) FROM (
      SELECT r.unit_id, 1 AS n FROM new_rows r WHERE r.left_on IS NULL
      UNION ALL
      SELECT r.unit_id, -1 FROM old_rows r WHERE r.left_on IS NULL
    ) d GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1
    ON CONFLICT (unit_id) DO UPDATE SET current = s.current + excluded.current;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_unit_totals_insert AFTER INSERT ON staff
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_staff_unit_totals();
--> statement-breakpoint
CREATE TRIGGER staff_unit_totals_update AFTER UPDATE ON staff
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_staff_unit_totals();
--> statement-breakpoint
CREATE TRIGGER staff_unit_totals_delete AFTER DELETE ON staff
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_staff_unit_totals();
--> statement-breakpoint
INSERT INTO unit_claim_totals (unit_id, period_id, type, state, n, amount_fen)
SELECT unit_id, period_id, type, state, count(*), sum(amount_fen) FROM claims GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO unit_staff_totals (unit_id, current)
SELECT unit_id, count(*) FROM staff WHERE left_on IS NULL GROUP BY 1;
-- manual:unit counts end
