import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Grouped sums as parallel arrays: each part of the key, then the sums (treatment-totals.ts). */
export interface GroupColumns {
  keys: string[][];
  n: number[];
  withAmount: number[];
  amountFen: number[];
}

/**
 * Adds a computation's new treatments, grouped by unit × month × period × product × state (`unit`)
 * and by month × period × product × state × hospital level × chapter (`mix`), to the five
 * summaries the insert triggers keep for every other writer (migration 0042), in one statement,
 * each in key order as the triggers upsert. Paid is 0: a new row has no payout.
 */
export async function addTreatmentTotals(db: Db, unit: GroupColumns, mix: GroupColumns) {
  const set = sql.raw(`n = t.n + excluded.n, with_amount = t.with_amount + excluded.with_amount,
    amount_fen = t.amount_fen + excluded.amount_fen, paid_fen = t.paid_fen + excluded.paid_fen`);
  await db.execute(sql`
    with u as (
      select * from unnest(${sql.param(unit.keys[0].map(Number))}::int[], ${sql.param(unit.keys[1])}::date[],
        ${sql.param(unit.keys[2].map(Number))}::int[], ${sql.param(unit.keys[3])}::text[], ${sql.param(unit.keys[4])}::text[],
        ${sql.param(unit.n)}::int[], ${sql.param(unit.withAmount)}::int[], ${sql.param(unit.amountFen)}::int8[])
        as x(unit_id, month, period_id, product_code, state, n, with_amount, amount_fen)
    ), m as (
      select * from unnest(${sql.param(mix.keys[0])}::date[], ${sql.param(mix.keys[1].map(Number))}::int[],
        ${sql.param(mix.keys[2])}::text[], ${sql.param(mix.keys[3])}::text[], ${sql.param(mix.keys[4])}::text[],
        ${sql.param(mix.keys[5])}::text[], ${sql.param(mix.n)}::int[], ${sql.param(mix.withAmount)}::int[], ${sql.param(mix.amountFen)}::int8[])
        as x(month, period_id, product_code, state, hospital_level, chapter, n, with_amount, amount_fen)
    ), totals as (
      insert into treatment_totals as t (unit_id, period_id, product_code, state, n, with_amount, amount_fen, paid_fen)
      select unit_id, period_id, product_code, state, sum(n), sum(with_amount), sum(amount_fen), 0 from u
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (unit_id, period_id, product_code, state) do update set ${set}
    ), benefits as (
      insert into benefit_totals as t (month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
      select month, period_id, product_code, 'treatment', state, sum(n), sum(with_amount), sum(amount_fen), 0 from u
      group by 1, 2, 3, 5 order by 1, 2, 3, 5
      on conflict (month, period_id, product_code, kind, state) do update set ${set}
    ), units as (
      insert into unit_benefit_totals as t (unit_id, month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen)
      select unit_id, month, period_id, product_code, 'treatment', state, sum(n), sum(with_amount), sum(amount_fen), 0 from u
      group by 1, 2, 3, 4, 6 order by 1, 2, 3, 4, 6
      on conflict (unit_id, month, period_id, product_code, kind, state) do update set ${set}
    ), levels as (
      insert into benefit_level_totals as t (month, period_id, product_code, state, hospital_level, n, with_amount, amount_fen, paid_fen)
      select month, period_id, product_code, state, hospital_level, sum(n), sum(with_amount), sum(amount_fen), 0 from m
      group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (month, period_id, product_code, state, hospital_level) do update set ${set}
    )
    insert into benefit_chapter_totals as t (month, period_id, product_code, state, chapter, n, with_amount, amount_fen, paid_fen)
    select month, period_id, product_code, state, chapter, sum(n), sum(with_amount), sum(amount_fen), 0 from m
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict (month, period_id, product_code, state, chapter) do update set ${set}`);
}
