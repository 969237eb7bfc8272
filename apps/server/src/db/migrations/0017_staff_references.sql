ALTER TABLE "staff" DROP CONSTRAINT "staff_unit_id_units_id_fk";
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_person_id_persons_id_fk";

--> statement-breakpoint
-- manual:staff begin
-- The references of staff, checked once per statement over the distinct keys, as migrations 0008
-- and 0016 do for settlements and treatments (SET_BASED_REFERENCES): a roster import confirms up
-- to 460,000 rows in one INSERT … SELECT, and the two foreign keys' per-row checks were 1.16 s of
-- its 1.89 s statement at 100,000 rows (EXPLAIN, docs/performance.md). Writers of staff take the
-- staff lock shared (they never wait for each other); a delete of a unit or a person takes it
-- exclusively, so a delete and a new staff row of the same person never pass each other unseen.
CREATE FUNCTION hall_staff_references() RETURNS trigger AS $$
BEGIN
  -- (nested: a query naming old_rows cannot even be planned in the INSERT trigger)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.unit_id, n.person_id) IS DISTINCT FROM (o.unit_id, o.person_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('hall:staff'));
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT unit_id FROM new_rows) n WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.id = n.unit_id)) THEN
    PERFORM hall_refuse_orphan('staff_unit_id_units_id_fk', 'staff');
  END IF;
  -- Per row for persons: a statement's staff rows are distinct people (one unit each), and the
  -- planner sees their true number here (a DISTINCT it estimates at 200 and probes by index).
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = n.person_id)) THEN
    PERFORM hall_refuse_orphan('staff_person_id_persons_id_fk', 'staff');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER staff_references_insert AFTER INSERT ON staff
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_staff_references();
--> statement-breakpoint
CREATE TRIGGER staff_references_update AFTER UPDATE ON staff
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_staff_references();
--> statement-breakpoint
-- Parent side: a unit's or a person's staff rows go with it (on delete cascade, as the keys did),
-- under the staff lock only (hall_referenced_deleted keeps the restrict checks of the bulk tables).
CREATE FUNCTION hall_staff_parent_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('hall:staff'));
  IF TG_TABLE_NAME = 'units' THEN
    DELETE FROM staff WHERE unit_id IN (SELECT id FROM old_rows);
  ELSE
    DELETE FROM staff WHERE person_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER persons_staff_deleted AFTER DELETE ON persons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_staff_parent_deleted();
--> statement-breakpoint
CREATE TRIGGER units_staff_deleted AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hall_staff_parent_deleted();
-- manual:staff end
