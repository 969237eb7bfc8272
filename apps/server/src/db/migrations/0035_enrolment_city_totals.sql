CREATE TABLE "enrolment_city_totals" (
	"period_id" integer NOT NULL,
	"region_code" text NOT NULL,
	"union_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"units" integer NOT NULL,
	"lines" integer NOT NULL,
	"shares" integer NOT NULL,
	"due_fen" bigint NOT NULL,
	"received_fen" bigint NOT NULL,
	CONSTRAINT "enrolment_city_totals_period_id_region_code_union_id_product_code_pk" PRIMARY KEY("period_id","region_code","union_id","product_code")
);
--> statement-breakpoint
CREATE TABLE "enrolment_unit_figures" (
	"period_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"region_code" text NOT NULL,
	"union_id" integer NOT NULL,
	"lines" integer NOT NULL,
	"shares" integer NOT NULL,
	"due_fen" bigint NOT NULL,
	"received_fen" bigint NOT NULL,
	CONSTRAINT "enrolment_unit_figures_period_id_unit_id_product_code_pk" PRIMARY KEY("period_id","unit_id","product_code")
);
--> statement-breakpoint
-- manual:enrolment city totals begin
-- The console's city-wide 参保统计 reads enrolment_city_totals (period × district × union × product,
-- '*' over all products), kept in the writer's transaction from enrolment_totals by statement
-- triggers, as the other report totals (migration 0026). A unit counts once in a cell, which
-- cannot be kept by ±1: each write rewrites the enrolment_unit_figures rows of the (period, unit)
-- pairs it touched from their enrolment_totals rows (by key, a unit has a few) and adds the
-- difference to enrolment_city_totals. Due = lines of unpaid and paid applications, as the report
-- (reports.repository): rows with no lines count nothing, a unit's union is itself or its parent.
-- docs/decisions.md, "Report totals kept on write".
-- One plan for every call: planned for the arrays' lengths, a custom plan of this statement cost
-- 1.2 ms a payment (five times the rest of its write), the generic one reads by key at any length.
CREATE FUNCTION hall_enrolment_city_recount(p_periods int[], p_units int[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF coalesce(cardinality(p_units), 0) = 0 THEN RETURN; END IF;
  -- Two writers of one unit take turns, so that the second one's rewrite reads the first one's rows.
  PERFORM 1 FROM units WHERE id = ANY(p_units) ORDER BY id FOR NO KEY UPDATE;
  WITH t AS (
    SELECT DISTINCT x.period_id, x.unit_id FROM unnest(p_periods, p_units) AS x(period_id, unit_id)
  ), raw AS (
    SELECT e.period_id, e.unit_id, e.product_code, coalesce(u.region_code, '') AS region_code, g.id AS union_id,
           e.lines, e.shares, e.amount_fen, CASE WHEN e.state = 'paid' THEN e.amount_fen ELSE 0 END AS received_fen
    FROM t JOIN enrolment_totals e ON e.period_id = t.period_id AND e.unit_id = t.unit_id
    JOIN units u ON u.id = e.unit_id JOIN units g ON g.id = coalesce(u.parent_id, u.id)
    WHERE e.state IN ('unpaid', 'paid') AND e.lines <> 0
  ), fresh AS (
    SELECT period_id, unit_id, coalesce(product_code, '*') AS product_code, region_code, union_id,
           sum(lines)::int AS lines, sum(shares)::int AS shares, sum(amount_fen)::bigint AS due_fen, sum(received_fen)::bigint AS received_fen
    FROM raw GROUP BY GROUPING SETS ((period_id, unit_id, region_code, union_id, product_code), (period_id, unit_id, region_code, union_id))
  ), old AS (
    SELECT f.* FROM t JOIN enrolment_unit_figures f ON f.period_id = t.period_id AND f.unit_id = t.unit_id
  ), gone AS (
    DELETE FROM enrolment_unit_figures f USING old o
    WHERE f.period_id = o.period_id AND f.unit_id = o.unit_id AND f.product_code = o.product_code
      AND NOT EXISTS (SELECT 1 FROM fresh n WHERE n.period_id = o.period_id AND n.unit_id = o.unit_id AND n.product_code = o.product_code)
  ), kept AS (
    INSERT INTO enrolment_unit_figures AS f (period_id, unit_id, product_code, region_code, union_id, lines, shares, due_fen, received_fen)
    SELECT period_id, unit_id, product_code, region_code, union_id, lines, shares, due_fen, received_fen FROM fresh ORDER BY 1, 2, 3
    ON CONFLICT (period_id, unit_id, product_code) DO UPDATE SET region_code = excluded.region_code, union_id = excluded.union_id,
      lines = excluded.lines, shares = excluded.shares, due_fen = excluded.due_fen, received_fen = excluded.received_fen
    WHERE (f.region_code, f.union_id, f.lines, f.shares, f.due_fen, f.received_fen)
      IS DISTINCT FROM (excluded.region_code, excluded.union_id, excluded.lines, excluded.shares, excluded.due_fen, excluded.received_fen)
  ), d AS (
    SELECT period_id, region_code, union_id, product_code, 1 AS units, lines, shares, due_fen, received_fen FROM fresh
    UNION ALL
    SELECT period_id, region_code, union_id, product_code, -1, -lines, -shares, -due_fen, -received_fen FROM old
  )
  INSERT INTO enrolment_city_totals AS s (period_id, region_code, union_id, product_code, units, lines, shares, due_fen, received_fen)
  SELECT period_id, region_code, union_id, product_code, sum(units), sum(lines), sum(shares), sum(due_fen), sum(received_fen) FROM d
  GROUP BY 1, 2, 3, 4 HAVING sum(units) <> 0 OR sum(lines) <> 0 OR sum(shares) <> 0 OR sum(due_fen) <> 0 OR sum(received_fen) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (period_id, region_code, union_id, product_code) DO UPDATE SET units = s.units + excluded.units, lines = s.lines + excluded.lines,
    shares = s.shares + excluded.shares, due_fen = s.due_fen + excluded.due_fen, received_fen = s.received_fen + excluded.received_fen;
END $$;
--> statement-breakpoint
-- enrolment_totals rows of the due states written (by the triggers of migration 0026 or by hand): their units.
CREATE FUNCTION hall_enrolment_city_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE period_ids int[]; unit_ids int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.period_id), array_agg(r.unit_id) INTO period_ids, unit_ids FROM new_rows r WHERE r.state IN ('unpaid', 'paid');
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.period_id), array_agg(r.unit_id) INTO period_ids, unit_ids FROM old_rows r WHERE r.state IN ('unpaid', 'paid');
  ELSE
    SELECT array_agg(r.period_id), array_agg(r.unit_id) INTO period_ids, unit_ids FROM (
      SELECT n.period_id, n.unit_id FROM new_rows n WHERE n.state IN ('unpaid', 'paid')
      UNION SELECT o.period_id, o.unit_id FROM old_rows o WHERE o.state IN ('unpaid', 'paid')
    ) r;
  END IF;
  PERFORM hall_enrolment_city_recount(period_ids, unit_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrolment_totals_city_insert AFTER INSERT ON enrolment_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_enrolment_city_totals();
--> statement-breakpoint
CREATE TRIGGER enrolment_totals_city_update AFTER UPDATE ON enrolment_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_enrolment_city_totals();
--> statement-breakpoint
CREATE TRIGGER enrolment_totals_city_delete AFTER DELETE ON enrolment_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_enrolment_city_totals();
--> statement-breakpoint
-- A unit moving to another district or union takes its figures along, in every period. Units are
-- not deleted while applications name them, nor inserted with any: updates are all there is.
CREATE FUNCTION hall_enrolment_city_units() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE period_ids int[]; unit_ids int[];
BEGIN
  SELECT array_agg(p.id), array_agg(n.id) INTO period_ids, unit_ids
  FROM new_rows n JOIN old_rows o ON o.id = n.id CROSS JOIN periods p
  WHERE (n.region_code, n.parent_id) IS DISTINCT FROM (o.region_code, o.parent_id);
  PERFORM hall_enrolment_city_recount(period_ids, unit_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER units_enrolment_city_update AFTER UPDATE ON units
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_enrolment_city_units();
--> statement-breakpoint
INSERT INTO enrolment_unit_figures (period_id, unit_id, product_code, region_code, union_id, lines, shares, due_fen, received_fen)
SELECT e.period_id, e.unit_id, coalesce(e.product_code, '*'), coalesce(u.region_code, ''), g.id,
  sum(e.lines), sum(e.shares), sum(e.amount_fen), sum(CASE WHEN e.state = 'paid' THEN e.amount_fen ELSE 0 END)
FROM enrolment_totals e JOIN units u ON u.id = e.unit_id JOIN units g ON g.id = coalesce(u.parent_id, u.id)
WHERE e.state IN ('unpaid', 'paid') AND e.lines <> 0
GROUP BY GROUPING SETS ((e.period_id, e.unit_id, u.region_code, g.id, e.product_code), (e.period_id, e.unit_id, u.region_code, g.id));
--> statement-breakpoint
INSERT INTO enrolment_city_totals (period_id, region_code, union_id, product_code, units, lines, shares, due_fen, received_fen)
SELECT period_id, region_code, union_id, product_code, count(*), sum(lines), sum(shares), sum(due_fen), sum(received_fen)
FROM enrolment_unit_figures GROUP BY 1, 2, 3, 4;
-- manual:enrolment city totals end
