CREATE TABLE "participation_people" (
	"period_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"person_id" integer NOT NULL,
	"declared" boolean NOT NULL,
	"first_from" date,
	CONSTRAINT "participation_people_period_id_unit_id_product_code_person_id_pk" PRIMARY KEY("period_id","unit_id","product_code","person_id")
);
--> statement-breakpoint
CREATE TABLE "participation_totals" (
	"period_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"first_from" date NOT NULL,
	"declared" integer NOT NULL,
	"insured" integer NOT NULL,
	CONSTRAINT "participation_totals_period_id_unit_id_product_code_first_from_pk" PRIMARY KEY("period_id","unit_id","product_code","first_from")
);
--> statement-breakpoint
CREATE INDEX "participation_people_person_idx" ON "participation_people" USING btree ("period_id","person_id");--> statement-breakpoint
CREATE INDEX "coverage_transfer_lines_coverage_idx" ON "coverage_transfer_lines" USING btree ("coverage_id","from_unit_id");
--> statement-breakpoint
-- manual:participation totals begin
-- A unit's participation figures (unit-figures.repository) read these summaries, kept like the report
-- totals (migration 0026) by statement triggers in the writer's transaction on every write path.
-- Distinct people cannot be kept by adding ±1, so each write rewrites the participation_people rows of
-- the (period, person) pairs it touched from their raw rows (by index, a person has a few) and adds
-- the difference to participation_totals. docs/decisions.md, "Participation figures kept on write".
-- The declared states are unit-figures.repository's DECLARED_STATES.
CREATE FUNCTION hall_participation_recount(p_periods int[], p_persons int[]) RETURNS void LANGUAGE plpgsql AS $$
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
  ), gone AS (
    DELETE FROM participation_people p USING old o
    WHERE p.period_id = o.period_id AND p.unit_id = o.unit_id AND p.product_code = o.product_code AND p.person_id = o.person_id
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.period_id = o.period_id AND f.unit_id = o.unit_id AND f.product_code = o.product_code AND f.person_id = o.person_id)
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
-- Application lines: the people of rows inserted or deleted that count (live, of a declared
-- application, or of one deleted: an application's cascade), or changed in what counts (live,
-- person, period, product, application). A draft's lines count nothing until it is submitted.
CREATE FUNCTION hall_participation_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE periods int[]; persons int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.period_id), array_agg(r.person_id) INTO periods, persons FROM new_rows r
    JOIN applications a ON a.id = r.application_id AND a.state IN ('submitted', 'unpaid', 'paid') WHERE r.live;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.period_id), array_agg(r.person_id) INTO periods, persons FROM old_rows r
    LEFT JOIN applications a ON a.id = r.application_id
    WHERE r.live AND (a.id IS NULL OR a.state IN ('submitted', 'unpaid', 'paid'));
  ELSE
    SELECT array_agg(x.period_id), array_agg(x.person_id) INTO periods, persons FROM (
      SELECT n.period_id, n.person_id, o.period_id AS old_period, o.person_id AS old_person FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.live, n.person_id, n.period_id, n.product_code, n.application_id) IS DISTINCT FROM (o.live, o.person_id, o.period_id, o.product_code, o.application_id)
    ) c CROSS JOIN LATERAL (VALUES (c.period_id, c.person_id), (c.old_period, c.old_person)) AS x(period_id, person_id);
  END IF;
  PERFORM hall_participation_recount(periods, persons);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER application_lines_participation_insert AFTER INSERT ON application_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_lines();
--> statement-breakpoint
CREATE TRIGGER application_lines_participation_update AFTER UPDATE ON application_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_lines();
--> statement-breakpoint
CREATE TRIGGER application_lines_participation_delete AFTER DELETE ON application_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_lines();
--> statement-breakpoint
-- An application entering or leaving the declared states (or changing unit or period): its live lines' people.
CREATE FUNCTION hall_participation_applications() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE periods int[]; persons int[];
BEGIN
  SELECT array_agg(l.period_id), array_agg(l.person_id) INTO periods, persons
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN application_lines l ON l.application_id = n.id AND l.live
  WHERE (n.state IN ('submitted', 'unpaid', 'paid')) <> (o.state IN ('submitted', 'unpaid', 'paid'))
     OR n.unit_id <> o.unit_id OR n.period_id <> o.period_id;
  PERFORM hall_participation_recount(periods, persons);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applications_participation_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_applications();
--> statement-breakpoint
-- Coverages inserted on payment, moved by a transfer, changed or deleted.
CREATE FUNCTION hall_participation_coverages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE periods int[]; persons int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(period_id), array_agg(person_id) INTO periods, persons FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(period_id), array_agg(person_id) INTO periods, persons FROM old_rows;
  ELSE
    SELECT array_agg(x.period_id), array_agg(x.person_id) INTO periods, persons FROM (
      SELECT n.period_id, n.person_id, o.period_id AS old_period, o.person_id AS old_person FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.unit_id, n.person_id, n.period_id, n.product_code, n.covered_from) IS DISTINCT FROM (o.unit_id, o.person_id, o.period_id, o.product_code, o.covered_from)
    ) c CROSS JOIN LATERAL (VALUES (c.period_id, c.person_id), (c.old_period, c.old_person)) AS x(period_id, person_id);
  END IF;
  PERFORM hall_participation_recount(periods, persons);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER coverages_participation_insert AFTER INSERT ON coverages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_coverages();
--> statement-breakpoint
CREATE TRIGGER coverages_participation_update AFTER UPDATE ON coverages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_coverages();
--> statement-breakpoint
CREATE TRIGGER coverages_participation_delete AFTER DELETE ON coverages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_coverages();
--> statement-breakpoint
-- Transfer lines: the moved coverage's person (its from-unit answers for it while the line exists).
CREATE FUNCTION hall_participation_transfer_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE periods int[]; persons int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.period_id), array_agg(c.person_id) INTO periods, persons FROM new_rows r JOIN coverages c ON c.id = r.coverage_id;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c.period_id), array_agg(c.person_id) INTO periods, persons FROM old_rows r JOIN coverages c ON c.id = r.coverage_id;
  ELSE
    SELECT array_agg(c.period_id), array_agg(c.person_id) INTO periods, persons FROM (
      SELECT n.coverage_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.coverage_id, n.from_unit_id) IS DISTINCT FROM (o.coverage_id, o.from_unit_id)
      UNION SELECT o.coverage_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.coverage_id, n.from_unit_id) IS DISTINCT FROM (o.coverage_id, o.from_unit_id)
    ) r JOIN coverages c ON c.id = r.coverage_id;
  END IF;
  PERFORM hall_participation_recount(periods, persons);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER coverage_transfer_lines_participation_insert AFTER INSERT ON coverage_transfer_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_transfer_lines();
--> statement-breakpoint
CREATE TRIGGER coverage_transfer_lines_participation_update AFTER UPDATE ON coverage_transfer_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_transfer_lines();
--> statement-breakpoint
CREATE TRIGGER coverage_transfer_lines_participation_delete AFTER DELETE ON coverage_transfer_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_participation_transfer_lines();
--> statement-breakpoint
INSERT INTO participation_people (period_id, unit_id, product_code, person_id, declared, first_from)
SELECT r.period_id, r.unit_id, coalesce(r.product_code, '*'), r.person_id, bool_or(r.declared), min(r.covered_from) FROM (
  SELECT l.period_id, a.unit_id, l.product_code, l.person_id, true AS declared, NULL::date AS covered_from
  FROM application_lines l JOIN applications a ON a.id = l.application_id AND a.period_id = l.period_id AND a.state IN ('submitted', 'unpaid', 'paid')
  WHERE l.live
  UNION ALL
  SELECT c.period_id, c.unit_id, c.product_code, c.person_id, false, c.covered_from FROM coverages c
  UNION ALL
  SELECT c.period_id, x.from_unit_id, c.product_code, c.person_id, false, c.covered_from
  FROM coverage_transfer_lines x JOIN coverages c ON c.id = x.coverage_id
) r GROUP BY GROUPING SETS ((r.period_id, r.unit_id, r.product_code, r.person_id), (r.period_id, r.unit_id, r.person_id));
--> statement-breakpoint
INSERT INTO participation_totals (period_id, unit_id, product_code, first_from, declared, insured)
SELECT period_id, unit_id, product_code, coalesce(first_from, '9999-12-31'), count(*) FILTER (WHERE declared), count(*) FILTER (WHERE first_from IS NOT NULL)
FROM participation_people GROUP BY 1, 2, 3, 4;
-- manual:participation totals end
