import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registryLoads } from '../../db/schema';

export interface RegistryRow {
  kind: 'unit' | 'person';
  code: string;
  name: string;
  active: boolean;
  since: string | null;
}

export async function insertLoad(db: Db, values: { fileName: string; operator: string; loadedAt: Date }) {
  const [row] = await db
    .insert(registryLoads)
    .values({ ...values, rows: 0, added: 0, changed: 0 })
    .returning({ id: registryLoads.id });
  return row.id;
}

export async function finishLoad(db: Db, id: number, counts: { rows: number; added: number; changed: number }) {
  await db.update(registryLoads).set(counts).where(eq(registryLoads.id, id));
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * Writes a chunk of the bureau's rows in one statement: new codes are added, known codes are
 * updated only when something differs (so a file loaded twice changes nothing the second time).
 * Answers how many were added and how many changed.
 */
export async function upsertRegistry(db: Db, loadId: number, rows: RegistryRow[]) {
  if (rows.length === 0) return { added: 0, changed: 0 };
  const result = await db.execute(sql`
    INSERT INTO insured_registry (kind, code, name, active, since, load_id)
    SELECT t.kind, t.code, t.name, t.active, t.since, ${loadId}
    FROM unnest(
      ${sql.param(rows.map((r) => r.kind))}::text[],
      ${sql.param(rows.map((r) => r.code))}::text[],
      ${sql.param(rows.map((r) => r.name))}::text[],
      ${sql.param(rows.map((r) => r.active))}::boolean[],
      ${sql.param(rows.map((r) => r.since))}::date[]
    ) AS t(kind, code, name, active, since)
    ON CONFLICT (kind, code) DO UPDATE
      SET name = excluded.name, active = excluded.active, since = excluded.since, load_id = excluded.load_id
      WHERE (insured_registry.name, insured_registry.active, insured_registry.since)
        IS DISTINCT FROM (excluded.name, excluded.active, excluded.since)
    RETURNING (xmax = 0) AS inserted`);
  const out = rowsOf(result);
  const added = out.filter((r) => r.inserted === true).length;
  return { added, changed: out.length - added };
}

/**
 * units.insured and persons.insured follow the registry (one UPDATE each): a unit by its credit
 * code, a person by ID number. Units and people the bureau's files never named keep their flag.
 */
export async function followRegistry(db: Db) {
  // The units it changes, locked in id order first (docs/architecture.md, "Lock order"): the UPDATE
  // alone would lock them in its join's order.
  await db.execute(sql`
    SELECT units.id FROM units JOIN insured_registry r ON r.kind = 'unit' AND r.code = upper(units.uscc)
    WHERE units.insured IS DISTINCT FROM r.active ORDER BY units.id FOR NO KEY UPDATE OF units`);
  const units = await db.execute(sql`
    UPDATE units SET insured = r.active
    FROM insured_registry r
    WHERE r.kind = 'unit' AND r.code = upper(units.uscc) AND units.insured IS DISTINCT FROM r.active
    RETURNING units.uact, units.insured`);
  const persons = await db.execute(sql`
    UPDATE persons SET insured = r.active
    FROM insured_registry r
    WHERE r.kind = 'person' AND persons.cert_type = '01' AND persons.cert_no = r.code AND persons.insured IS DISTINCT FROM r.active
    RETURNING persons.cert_no`);
  return {
    units: rowsOf(units).map((r) => ({ uact: String(r.uact), insured: r.insured === true })),
    persons: rowsOf(persons).length,
  };
}

/** The registry's loads, newest first. */
export const registryLoadsOf = (db: Db, limit: number) => db.select().from(registryLoads).orderBy(desc(registryLoads.id)).limit(limit);

/**
 * What confirming a staged batch (import_rows, kind 'registry') would write: valid rows whose code
 * is new (added), known with something different (changed), known and equal (unchanged).
 */
export async function stagedOutcome(db: Db, batchId: string) {
  const result = await db.execute(sql`
    SELECT count(*) FILTER (WHERE r.code IS NULL)::int AS added,
      count(*) FILTER (WHERE r.code IS NOT NULL AND (r.name, r.active, r.since)
        IS DISTINCT FROM (i.name, (i.extra->>'active')::boolean, i.joined_on))::int AS changed,
      count(*) FILTER (WHERE r.code IS NOT NULL AND (r.name, r.active, r.since)
        IS NOT DISTINCT FROM (i.name, (i.extra->>'active')::boolean, i.joined_on))::int AS unchanged
    FROM import_rows i LEFT JOIN insured_registry r ON r.kind = i.psn_type AND r.code = i.cert_no
    WHERE i.batch_id = ${batchId} AND i.error IS NULL`);
  const [row] = rowsOf(result) as Array<{ added: number; changed: number; unchanged: number }>;
  return row;
}

/**
 * A staged batch's valid rows written to the registry in one statement, as upsertRegistry writes
 * a chunk (a known code updated only when something differs: a file confirmed twice changes
 * nothing the second time). Answers how many were added and how many changed.
 */
export async function upsertStaged(db: Db, loadId: number, batchId: string) {
  const result = await db.execute(sql`
    WITH written AS (
      INSERT INTO insured_registry (kind, code, name, active, since, load_id)
      SELECT i.psn_type, i.cert_no, i.name, (i.extra->>'active')::boolean, i.joined_on, ${loadId}
      FROM import_rows i WHERE i.batch_id = ${batchId} AND i.error IS NULL
      ORDER BY i.row_no
      ON CONFLICT (kind, code) DO UPDATE
        SET name = excluded.name, active = excluded.active, since = excluded.since, load_id = excluded.load_id
        WHERE (insured_registry.name, insured_registry.active, insured_registry.since)
          IS DISTINCT FROM (excluded.name, excluded.active, excluded.since)
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS added, count(*) FILTER (WHERE NOT inserted)::int AS changed FROM written`);
  const [row] = rowsOf(result) as Array<{ added: number; changed: number }>;
  return row;
}
