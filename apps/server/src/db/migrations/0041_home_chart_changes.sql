-- manual:home chart changes begin
-- Each app node keeps a unit's /Home charts (treatments and paid claims by period year,
-- caches.ts homeCharts) until the totals they were read from change: the statement triggers that
-- keep treatment_totals and unit_claim_totals announce the units they touched on hall_changes as
-- `h:<unit id>,…`, or `*` beyond 200 of them (a settlement load; the caches refill on their next
-- call). A change of the periods (the charts' years) drops every chart: `h:all`.
CREATE FUNCTION hall_unit_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT unit_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT unit_id) INTO ids FROM new_rows;
  END IF;
  IF cardinality(ids) > 200 THEN
    PERFORM pg_notify('hall_changes', '*');
  ELSIF cardinality(ids) > 0 THEN
    PERFORM pg_notify('hall_changes', 'h:' || array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER treatment_totals_inserted AFTER INSERT ON treatment_totals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hall_unit_totals_changed();
--> statement-breakpoint
CREATE TRIGGER treatment_totals_updated AFTER UPDATE ON treatment_totals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hall_unit_totals_changed();
--> statement-breakpoint
CREATE TRIGGER treatment_totals_deleted AFTER DELETE ON treatment_totals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hall_unit_totals_changed();
--> statement-breakpoint
CREATE TRIGGER unit_claim_totals_inserted AFTER INSERT ON unit_claim_totals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hall_unit_totals_changed();
--> statement-breakpoint
CREATE TRIGGER unit_claim_totals_updated AFTER UPDATE ON unit_claim_totals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hall_unit_totals_changed();
--> statement-breakpoint
CREATE TRIGGER unit_claim_totals_deleted AFTER DELETE ON unit_claim_totals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hall_unit_totals_changed();
--> statement-breakpoint
CREATE FUNCTION hall_periods_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hall_changes', 'h:all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER periods_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON periods
  FOR EACH STATEMENT EXECUTE FUNCTION hall_periods_changed();
-- manual:home chart changes end
