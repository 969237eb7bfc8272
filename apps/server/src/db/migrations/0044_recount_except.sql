-- The rows a recount removes (a person's participation rows, a unit's city figures that no longer
-- follow from what is stored) are found by EXCEPT, old keys less fresh ones, where they were found
-- by NOT EXISTS against the fresh rows' CTE. The planner knows nothing of a CTE's size: it took the
-- fresh rows of 5,006 people for 202 and the old ones for 5, and ran the anti-join as a nested loop,
-- 50 million comparisons and 16 s for one insert of 5,006 coverages (a unit of 50,000 staff paying
-- its application: minutes, quadratic). A set operation is hashed or sorted, never a nested loop.
-- Nothing else changes (db/recount-plans.test.ts reads the participation recount's plan at 5,000
-- people; the city recount, planned for its arrays since 0039, cannot fall into that loop either).
CREATE OR REPLACE FUNCTION hall_participation_recount(p_periods int[], p_persons int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_persons), 0) = 0 THEN RETURN; END IF;
  -- Two writers of one person take turns, so that the second one's rewrite reads the first one's rows.
  PERFORM 1 FROM persons WHERE id = ANY(p_persons) ORDER BY id FOR NO KEY UPDATE;
  WITH t AS (
    SELECT DISTINCT u.period_id, u.person_id FROM unnest(p_periods, p_persons) AS u(period_id, person_id)
  ), raw AS (
    SELECT l.period_id, a.unit_id, l.product_code, l.person_id, true AS declared, NULL::date AS covered_from
    FROM t JOIN application_lines l ON l.period_id = t.period_id AND l.person_id = t.person_id AND l.live
    JOIN applications a ON a.id = l.application_id AND a.period_id = l.period_id AND a.state IN ('submitted', 'unpaid', 'paid')
    UNION ALL
    -- The unit holding a coverage, and those a transfer moved it away from (they still answer for it).
    SELECT c.period_id, u.unit_id, c.product_code, c.person_id, false, c.covered_from
    FROM t JOIN coverages c ON c.person_id = t.person_id AND c.period_id = t.period_id
    CROSS JOIN LATERAL (SELECT c.unit_id UNION ALL SELECT x.from_unit_id FROM coverage_transfer_lines x WHERE x.coverage_id = c.id) u
  ), fresh AS (
    SELECT r.period_id, r.unit_id, coalesce(r.product_code, '*') AS product_code, r.person_id,
           bool_or(r.declared) AS declared, min(r.covered_from) AS first_from
    FROM raw r GROUP BY GROUPING SETS ((r.period_id, r.unit_id, r.product_code, r.person_id), (r.period_id, r.unit_id, r.person_id))
  ), old AS (
    SELECT p.* FROM t JOIN participation_people p ON p.period_id = t.period_id AND p.person_id = t.person_id
  ), stale AS (
    SELECT period_id, unit_id, product_code, person_id FROM old
    EXCEPT SELECT period_id, unit_id, product_code, person_id FROM fresh
  ), gone AS (
    DELETE FROM participation_people p USING stale o
    WHERE p.period_id = o.period_id AND p.unit_id = o.unit_id AND p.product_code = o.product_code AND p.person_id = o.person_id
  ), kept AS (
    INSERT INTO participation_people AS p (period_id, unit_id, product_code, person_id, declared, first_from)
    SELECT period_id, unit_id, product_code, person_id, declared, first_from FROM fresh ORDER BY 1, 2, 3, 4
    ON CONFLICT (period_id, unit_id, product_code, person_id) DO UPDATE SET declared = excluded.declared, first_from = excluded.first_from
    WHERE (p.declared, p.first_from) IS DISTINCT FROM (excluded.declared, excluded.first_from)
  ), d AS (
    SELECT period_id, unit_id, product_code, coalesce(first_from, '9999-12-31') AS first_from, declared::int AS declared, (first_from IS NOT NULL)::int AS insured FROM fresh
    UNION ALL
    SELECT period_id, unit_id, product_code, coalesce(first_from, '9999-12-31'), -declared::int, -(first_from IS NOT NULL)::int FROM old
  )
  INSERT INTO participation_totals AS s (period_id, unit_id, product_code, first_from, declared, insured)
  SELECT period_id, unit_id, product_code, first_from, sum(declared), sum(insured) FROM d
  GROUP BY 1, 2, 3, 4 HAVING sum(declared) <> 0 OR sum(insured) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (period_id, unit_id, product_code, first_from) DO UPDATE SET declared = s.declared + excluded.declared, insured = s.insured + excluded.insured;
END $$;
--> statement-breakpoint
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
  ), stale AS (
    SELECT period_id, unit_id, product_code FROM old EXCEPT SELECT period_id, unit_id, product_code FROM fresh
  ), gone AS (
    DELETE FROM enrolment_unit_figures f USING stale o
    WHERE f.period_id = o.period_id AND f.unit_id = o.unit_id AND f.product_code = o.product_code
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
