ALTER TABLE "settlements" DROP CONSTRAINT "settlements_person_id_persons_id_fk";
--> statement-breakpoint
ALTER TABLE "settlements" DROP CONSTRAINT "settlements_period_id_periods_id_fk";
--> statement-breakpoint
ALTER TABLE "settlements" DROP CONSTRAINT "settlements_load_id_settlement_loads_id_fk";
--> statement-breakpoint
ALTER TABLE "treatments" DROP CONSTRAINT "treatments_settlement_id_settlements_id_fk";
--> statement-breakpoint
ALTER TABLE "treatments" DROP CONSTRAINT "treatments_person_id_persons_id_fk";
--> statement-breakpoint
ALTER TABLE "treatments" DROP CONSTRAINT "treatments_unit_id_units_id_fk";
--> statement-breakpoint
ALTER TABLE "treatments" DROP CONSTRAINT "treatments_coverage_id_coverages_id_fk";
--> statement-breakpoint
ALTER TABLE "treatments" DROP CONSTRAINT "treatments_batch_id_payout_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "treatments" DROP CONSTRAINT "treatments_product_fk";
--> statement-breakpoint
-- manual:lead begin
-- The references of settlements and treatments, checked once per statement instead of per row
-- (schema/benefits.ts SET_BASED_REFERENCES; docs/decisions.md). Child side: an orphan is refused
-- with SQLSTATE 23503 and the constraint's name; an UPDATE is checked only when it changed a
-- reference. Parent side: a delete is refused (restrict), cascaded or cleared (set null) at
-- statement end. Instead of the row locks a foreign key takes on every referenced row, both sides
-- take one transaction lock, the one every writer of treatments takes (hall:treatments): a
-- delete of a referenced row then waits for a running load and sees its rows, or the load waits
-- and sees the delete (READ COMMITTED: each check is a new snapshot).
CREATE FUNCTION hall_refuse_orphan(constraint_name text, child text) RETURNS void AS $$
BEGIN
  RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', child, constraint_name
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = constraint_name, TABLE = child;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION hall_refuse_referenced(constraint_name text, parent text, child text) RETURNS void AS $$
BEGIN
  RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "%"', parent, constraint_name, child
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = constraint_name, TABLE = child;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION hall_settlements_references() RETURNS trigger AS $$
BEGIN
  -- (nested: a query naming old_rows cannot even be planned in the INSERT trigger)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.person_id, n.period_id, n.load_id) IS DISTINCT FROM (o.person_id, o.period_id, o.load_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('hall:treatments'));
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = n.person_id)) THEN
    PERFORM hall_refuse_orphan('settlements_person_id_persons_id_fk', 'settlements');
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.period_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM periods p WHERE p.id = n.period_id)) THEN
    PERFORM hall_refuse_orphan('settlements_period_id_periods_id_fk', 'settlements');
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.load_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM settlement_loads l WHERE l.id = n.load_id)) THEN
    PERFORM hall_refuse_orphan('settlements_load_id_settlement_loads_id_fk', 'settlements');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER settlements_references_insert AFTER INSERT ON settlements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_settlements_references();
--> statement-breakpoint
CREATE TRIGGER settlements_references_update AFTER UPDATE ON settlements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_settlements_references();
--> statement-breakpoint
CREATE FUNCTION hall_treatments_references() RETURNS trigger AS $$
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
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = n.person_id)) THEN
    PERFORM hall_refuse_orphan('treatments_person_id_persons_id_fk', 'treatments');
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.id = n.unit_id)) THEN
    PERFORM hall_refuse_orphan('treatments_unit_id_units_id_fk', 'treatments');
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.period_id = n.period_id AND p.code = n.product_code)) THEN
    PERFORM hall_refuse_orphan('treatments_product_fk', 'treatments');
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.coverage_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM coverages c WHERE c.id = n.coverage_id)) THEN
    PERFORM hall_refuse_orphan('treatments_coverage_id_coverages_id_fk', 'treatments');
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.batch_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM payout_batches b WHERE b.id = n.batch_id)) THEN
    PERFORM hall_refuse_orphan('treatments_batch_id_payout_batches_id_fk', 'treatments');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER treatments_references_insert AFTER INSERT ON treatments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatments_references();
--> statement-breakpoint
CREATE TRIGGER treatments_references_update AFTER UPDATE ON treatments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_treatments_references();
--> statement-breakpoint
-- Parent side. Referenced keys are serial ids and product codes, which never change; deletes:
CREATE FUNCTION hall_referenced_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('hall:treatments'));
  CASE TG_TABLE_NAME
  WHEN 'persons' THEN
    IF EXISTS (SELECT 1 FROM settlements s WHERE s.person_id IN (SELECT id FROM old_rows)) THEN
      PERFORM hall_refuse_referenced('settlements_person_id_persons_id_fk', 'persons', 'settlements');
    END IF;
    IF EXISTS (SELECT 1 FROM treatments t WHERE t.person_id IN (SELECT id FROM old_rows)) THEN
      PERFORM hall_refuse_referenced('treatments_person_id_persons_id_fk', 'persons', 'treatments');
    END IF;
  WHEN 'periods' THEN
    IF EXISTS (SELECT 1 FROM settlements s WHERE s.period_id IN (SELECT id FROM old_rows)) THEN
      PERFORM hall_refuse_referenced('settlements_period_id_periods_id_fk', 'periods', 'settlements');
    END IF;
  WHEN 'settlement_loads' THEN
    UPDATE settlements SET load_id = NULL WHERE load_id IN (SELECT id FROM old_rows);
  WHEN 'settlements' THEN
    DELETE FROM treatments WHERE settlement_id IN (SELECT id FROM old_rows);
  WHEN 'units' THEN
    IF EXISTS (SELECT 1 FROM treatments t WHERE t.unit_id IN (SELECT id FROM old_rows)) THEN
      PERFORM hall_refuse_referenced('treatments_unit_id_units_id_fk', 'units', 'treatments');
    END IF;
  WHEN 'products' THEN
    IF EXISTS (SELECT 1 FROM treatments t WHERE (t.period_id, t.product_code) IN (SELECT period_id, code FROM old_rows)) THEN
      PERFORM hall_refuse_referenced('treatments_product_fk', 'products', 'treatments');
    END IF;
  WHEN 'coverages' THEN
    IF EXISTS (SELECT 1 FROM treatments t WHERE t.coverage_id IN (SELECT id FROM old_rows)) THEN
      PERFORM hall_refuse_referenced('treatments_coverage_id_coverages_id_fk', 'coverages', 'treatments');
    END IF;
  WHEN 'payout_batches' THEN
    IF EXISTS (SELECT 1 FROM treatments t WHERE t.batch_id IN (SELECT id FROM old_rows)) THEN
      PERFORM hall_refuse_referenced('treatments_batch_id_payout_batches_id_fk', 'payout_batches', 'treatments');
    END IF;
  END CASE;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER persons_referenced_deleted AFTER DELETE ON persons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_referenced_deleted();
--> statement-breakpoint
CREATE TRIGGER periods_referenced_deleted AFTER DELETE ON periods
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_referenced_deleted();
--> statement-breakpoint
CREATE TRIGGER settlement_loads_referenced_deleted AFTER DELETE ON settlement_loads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_referenced_deleted();
--> statement-breakpoint
CREATE TRIGGER settlements_referenced_deleted AFTER DELETE ON settlements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_referenced_deleted();
--> statement-breakpoint
CREATE TRIGGER units_referenced_deleted AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_referenced_deleted();
--> statement-breakpoint
CREATE TRIGGER products_referenced_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_referenced_deleted();
--> statement-breakpoint
CREATE TRIGGER coverages_referenced_deleted AFTER DELETE ON coverages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_referenced_deleted();
--> statement-breakpoint
CREATE TRIGGER payout_batches_referenced_deleted AFTER DELETE ON payout_batches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_referenced_deleted();
-- manual:lead end
