import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/**
 * The treatments of one product in one period as they stand, kept for the transaction (a temporary
 * table: a million rows do not travel to node), and the people they belong to.
 */
export async function keepTreatments(db: Db, periodId: number, code: string): Promise<number[]> {
  await db.execute(sql`create temporary table rule_change_before on commit drop as
    select id, amount_fen from treatments where period_id = ${periodId} and product_code = ${code}`);
  const rows = rowsOf<{ person_id: number }>(
    await db.execute(sql`select distinct person_id from treatments where period_id = ${periodId} and product_code = ${code}`),
  );
  return rows.map((r) => Number(r.person_id));
}

/** What a recomputation changed against the kept treatments: how many, the totals, how many of them were paid. */
export async function changeOfTreatments(db: Db) {
  const [row] = rowsOf<{ changed: number; before: string; after: string; paid: number }>(
    await db.execute(sql`select count(*) filter (where t.amount_fen <> b.amount_fen)::int as changed,
        coalesce(sum(b.amount_fen), 0) as before, coalesce(sum(t.amount_fen), 0) as after,
        count(*) filter (where t.amount_fen <> b.amount_fen and t.paid_fen > 0)::int as paid
      from rule_change_before b join treatments t on t.id = b.id`),
  );
  return { changed: Number(row.changed), beforeFen: Number(row.before), afterFen: Number(row.after), paid: Number(row.paid) };
}
