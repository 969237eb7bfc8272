-- The city recount (migration 0035) runs one generic plan, made for a payment's few units: a custom
-- plan of its statement cost 1.2 ms a payment. A statement that touches many units at once (lines
-- of thousands of units in one insert, a period's applications set unpaid together) ran that plan
-- over arrays of tens of thousands: nested loops over its CTEs, quadratic, more than 28 minutes for
-- one million lines of 49,000 units. Past 64 units the statement is planned for its arrays; the
-- function's SET clause puts the generic mode back when it returns.
CREATE OR REPLACE FUNCTION hall_enrolment_city_recount(p_periods int[], p_units int[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF coalesce(cardinality(p_units), 0) = 0 THEN RETURN; END IF;
  IF cardinality(p_units) > 64 THEN PERFORM set_config('plan_cache_mode', 'force_custom_plan', true); END IF;
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
