import { icd10Chapter } from '@hall/shared';
import type { Db } from '../../db/client';
import type { TreatmentWrite } from './recompute.repository';
import { addTreatmentTotals } from './treatment-totals.repository';

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
    await addTreatmentTotals(db, unit, mix);
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
