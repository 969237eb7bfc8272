/**
 * References checked once per statement by triggers, not per row by foreign keys, on the tables
 * written in bulk: settlements and treatments (a load writes a million rows of each; per-row key
 * checks were 70 % of its database time; migrations 0008 and 0016, `-- manual:lead`) and staff (a
 * roster import confirms up to 460,000 rows; migration 0017, `-- manual:staff`). A trigger refuses
 * an orphan with SQLSTATE 23503 and the name below; the referenced tables refuse, cascade or clear
 * on delete as the foreign key would have. Instead of a row lock per referenced row, both sides
 * take one transaction lock: hall:treatments for the benefit tables (writers queue on it), and
 * hall:staff for staff (writers share it, a delete of a unit or a person takes it alone), so a
 * delete and a write of the same rows never pass each other unseen.
 * Name → [child table, columns, referenced table, on delete].
 */
export const SET_BASED_REFERENCES = {
  settlements_person_id_persons_id_fk: ['settlements', 'person_id', 'persons', 'restrict'],
  settlements_period_id_periods_id_fk: ['settlements', 'period_id', 'periods', 'restrict'],
  settlements_load_id_settlement_loads_id_fk: ['settlements', 'load_id', 'settlement_loads', 'set null'],
  treatments_settlement_id_settlements_id_fk: ['treatments', 'settlement_id', 'settlements', 'cascade'],
  treatments_person_id_persons_id_fk: ['treatments', 'person_id', 'persons', 'restrict'],
  treatments_unit_id_units_id_fk: ['treatments', 'unit_id', 'units', 'restrict'],
  treatments_coverage_id_coverages_id_fk: ['treatments', 'coverage_id', 'coverages', 'restrict'],
  treatments_batch_id_payout_batches_id_fk: ['treatments', 'batch_id', 'payout_batches', 'restrict'],
  treatments_product_fk: ['treatments', 'period_id, product_code', 'products', 'restrict'],
  staff_unit_id_units_id_fk: ['staff', 'unit_id', 'units', 'cascade'],
  staff_person_id_persons_id_fk: ['staff', 'person_id', 'persons', 'cascade'],
} as const;

/** The set-based references of these child tables (the integrity tests name them beside the catalogue's keys). */
export const setBasedReferencesOf = (tables: readonly string[]) =>
  Object.entries(SET_BASED_REFERENCES)
    .filter(([, [child]]) => tables.includes(child))
    .map(([name]) => name);
