-- The statement-level reference checks of migration 0008, each over the distinct keys of the
-- statement's rows: a load's rows share a handful of periods, products, units and loads and four
-- settlements per person, so probing every row's key looked up the same few keys up to a million
-- times (EXPLAIN of a 200,000-row insert into settlements: 465 ms of checks, 180 ms of them the one
-- load id). A hashed DISTINCT of the transition table costs less than the probes it saves. The
-- settlement of a treatment stays per row: each is its own.
CREATE OR REPLACE FUNCTION hall_settlements_references() RETURNS trigger AS $$
BEGIN
  -- (nested: a query naming old_rows cannot even be planned in the INSERT trigger)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.person_id, n.period_id, n.load_id) IS DISTINCT FROM (o.person_id, o.period_id, o.load_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('hall:treatments'));
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT person_id FROM new_rows) n WHERE NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = n.person_id)) THEN
    PERFORM hall_refuse_orphan('settlements_person_id_persons_id_fk', 'settlements');
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT period_id FROM new_rows WHERE period_id IS NOT NULL) n
    WHERE NOT EXISTS (SELECT 1 FROM periods p WHERE p.id = n.period_id)) THEN
    PERFORM hall_refuse_orphan('settlements_period_id_periods_id_fk', 'settlements');
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT load_id FROM new_rows WHERE load_id IS NOT NULL) n
    WHERE NOT EXISTS (SELECT 1 FROM settlement_loads l WHERE l.id = n.load_id)) THEN
    PERFORM hall_refuse_orphan('settlements_load_id_settlement_loads_id_fk', 'settlements');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hall_treatments_references() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.settlement_id, n.person_id, n.unit_id, n.period_id, n.product_code, n.coverage_id, n.batch_id)
        IS DISTINCT FROM (o.settlement_id, o.person_id, o.unit_id, o.period_id, o.product_code, o.coverage_id, o.batch_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('hall:treatments'));
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM settlements s WHERE s.id = n.settlement_id)) THEN
    PERFORM hall_refuse_orphan('treatments_settlement_id_settlements_id_fk', 'treatments');
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT person_id FROM new_rows) n WHERE NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = n.person_id)) THEN
    PERFORM hall_refuse_orphan('treatments_person_id_persons_id_fk', 'treatments');
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT unit_id FROM new_rows) n WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.id = n.unit_id)) THEN
    PERFORM hall_refuse_orphan('treatments_unit_id_units_id_fk', 'treatments');
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT period_id, product_code FROM new_rows) n
    WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.period_id = n.period_id AND p.code = n.product_code)) THEN
    PERFORM hall_refuse_orphan('treatments_product_fk', 'treatments');
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT coverage_id FROM new_rows WHERE coverage_id IS NOT NULL) n
    WHERE NOT EXISTS (SELECT 1 FROM coverages c WHERE c.id = n.coverage_id)) THEN
    PERFORM hall_refuse_orphan('treatments_coverage_id_coverages_id_fk', 'treatments');
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT batch_id FROM new_rows WHERE batch_id IS NOT NULL) n
    WHERE NOT EXISTS (SELECT 1 FROM payout_batches b WHERE b.id = n.batch_id)) THEN
    PERFORM hall_refuse_orphan('treatments_batch_id_payout_batches_id_fk', 'treatments');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
