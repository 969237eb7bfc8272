import { sql } from 'drizzle-orm';
import { icd10Chapter } from '@hall/shared';
import type { Db } from '../../db/client';
import type { TreatmentWrite } from './recompute.repository';

/**
 * The totals of the treatments a computation inserts, added by the writer (migration 0042): the
 * rows are grouped here as they are computed, and added once, in one statement, to the five
 * summaries the insert triggers keep for every other writer — treatment_totals (0015),
 * benefit_totals and unit_benefit_totals (0026, 0031: kind 'treatment'), benefit_level_totals and
 * benefit_chapter_totals (0032: the settlement's hospital level and diagnosis chapter). The keys
 * and sums are the triggers': month of discharge, count, count with an amount, amount, paid (0: a
 * new row has no payout). Sums commute: a row updated or deleted by a trigger-counted statement
 * before `add` runs nets out the same.
 */

/** The settlement a new treatment is of: the level and diagnosis its mix totals are kept under. */
export interface TreatmentSettlement {
  hospitalLevel: string;
  diagnosisCode: string;
}

interface Sums {
  n: number;
  withAmount: number;
  amountFen: number;
}

const bump = (groups: Map<string, Sums>, key: string, amountFen: number) => {
  const s = groups.get(key);
  if (s) {
    s.n++;
    if (amountFen > 0) s.withAmount++;
    s.amountFen += amountFen;
  } else groups.set(key, { n: 1, withAmount: amountFen > 0 ? 1 : 0, amountFen });
};

export class NewTreatmentTotals {
  /** unit|month|period|product|state: treatment_totals, benefit_totals and unit_benefit_totals are sums of these. */
  private readonly byUnit = new Map<string, Sums>();
  /** month|period|product|state|level|chapter: the level and chapter totals are sums of these. */
  private readonly byMix = new Map<string, Sums>();
  private readonly chapters = new Map<string, string>();

  /** A treatment inserted by the writer's COPY (paid 0). */
  add(row: TreatmentWrite, settlement: TreatmentSettlement) {
    // date_trunc('month', discharged_on) of an ISO day.
    const month = `${row.dischargedOn.slice(0, 8)}01`;
    const head = `${month}|${row.periodId}|${row.productCode}|${row.state}`;
    bump(this.byUnit, `${row.unitId}|${head}`, row.amountFen);
    let chapter = this.chapters.get(settlement.diagnosisCode);
    if (chapter === undefined) {
      chapter = icd10Chapter(settlement.diagnosisCode);
      this.chapters.set(settlement.diagnosisCode, chapter);
    }
    bump(this.byMix, `${head}|${settlement.hospitalLevel}|${chapter}`, row.amountFen);
  }

  get empty() {
    return this.byUnit.size === 0;
  }

  /**
   * Adds what was grouped to the summaries, in the caller's transaction (after the rows' COPY),
   * each in key order as the triggers upsert, and starts over.
   */
  async flush(db: Db) {
    if (this.empty) return;
    const unit = columns(this.byUnit, 5);
    const mix = columns(this.byMix, 6);
    this.byUnit.clear();
    this.byMix.clear();
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
}

/** The groups as parallel arrays: each part of the key, then the sums. */
function columns(groups: Map<string, Sums>, parts: number) {
  const keys: string[][] = Array.from({ length: parts }, () => []);
  const n: number[] = [];
  const withAmount: number[] = [];
  const amountFen: number[] = [];
  for (const [key, s] of groups) {
    const split = key.split('|');
    for (let i = 0; i < parts; i++) keys[i].push(split[i]);
    n.push(s.n);
    withAmount.push(s.withAmount);
    amountFen.push(s.amountFen);
  }
  return { keys, n, withAmount, amountFen };
}
