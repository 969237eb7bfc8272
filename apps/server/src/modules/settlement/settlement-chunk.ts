import { CopyText } from '../../lib/copy-rows';
import { detachedCell } from '../../lib/table-file';
import { type Phases, phase } from '../../lib/phases';
import type { Db } from '../../db/client';
import * as repo from './settlement.repository';

/**
 * A chunk of the settlement file's checked rows, gathered as they are checked: each row's own
 * fields once as COPY bytes (repo.rowFields), with what its write needs beside them.
 */
export class SettlementChunk {
  private fields = new CopyText();
  private ends: number[] = [];
  private certNos: string[] = [];
  private rowNos: number[] = [];
  private periodIds: Array<number | null> = [];
  private discharged: string[] = [];
  private numbers: string[] = [];
  private seen = new Set<string>();
  private repeats = false;

  get size() {
    return this.ends.length;
  }

  add(row: repo.SettlementRow, rowNo: number) {
    this.fields.append(repo.rowFields(row));
    this.ends.push(this.fields.byteLength);
    this.certNos.push(row.certNo);
    this.rowNos.push(rowNo);
    this.periodIds.push(row.periodId);
    this.discharged.push(row.dischargedOn);
    this.numbers.push(row.settlementNo);
    if (this.seen.has(row.settlementNo)) this.repeats = true;
    else this.seen.add(row.settlementNo);
  }

  /** The rows so far, to write; the next ones start a new chunk. */
  take(): ChunkRows {
    const rows: ChunkRows = {
      fields: this.fields.take(),
      ends: this.ends,
      certNos: this.certNos,
      rowNos: this.rowNos,
      periodIds: this.periodIds,
      discharged: this.discharged,
      numbers: this.numbers,
      repeats: this.repeats,
    };
    this.ends = [];
    this.certNos = [];
    this.rowNos = [];
    this.periodIds = [];
    this.discharged = [];
    this.numbers = [];
    this.seen = new Set();
    this.repeats = false;
    return rows;
  }
}

export interface ChunkRows {
  /** Each row's rowFields, one after the other: row i ends at ends[i]. */
  fields: Buffer;
  ends: number[];
  certNos: string[];
  rowNos: number[];
  periodIds: Array<number | null>;
  discharged: string[];
  numbers: string[];
  /** A settlement number is in the chunk twice: it is merged (the last row wins). */
  repeats: boolean;
}

/**
 * ID numbers → person (0: not known) kept over a load, up to this many (then asked again): a file
 * repeats its people (a few stays each), and each kept spares a probe of persons. Bounded so that
 * a load of a million rows stays under its 400 MB (500,000 kept: peak RSS 411–443 MB; 100,000: 363).
 */
const PERSONS_KEPT = 100_000;
/**
 * Chunks tried in a savepoint of their own, at most: each is a subtransaction, and past 64 in one
 * transaction other sessions' snapshots no longer list them (they look each up in pg_subtrans).
 * Later chunks ask first whether a number is stored (about 12 ms a chunk of 10,000).
 */
const SAVEPOINTS = 48;

/**
 * Writes a load's chunks into `settlements`, in the load's transaction (the treatments lock held),
 * and adds each one's counts and (period, person) pairs to the load's tally:
 * - a chunk of new numbers is copied straight into `settlements` (one COPY; its people found by
 *   ID number, those seen before in the load kept), sorted by person, period and discharge as the
 *   merge inserts;
 * - a chunk that repeats a number, or holds one stored already (the COPY fails on the unique
 *   number and its savepoint is rolled back, or the question says so), is staged and merged
 *   (repo.mergeChunk: replaced when different, unchanged when equal), and so is every chunk after
 *   it: a file that holds one stored number (a corrected or repeated file) mostly holds more.
 * Both write the same rows and count the same: the merge is the rule, the COPY its shortcut for
 * the new rows a load mostly brings (it spares a probe of persons per row, the number's probe, the
 * stage's second write and the merge's sort: 5.4 of the load's 12 CPU-s of PostgreSQL were the
 * merge, against 1.5 for a COPY of the same rows).
 */
export class ChunkWriter {
  private persons = new Map<string, number>();
  /** The COPY text of each chunk in turn: one allocation of a chunk's size each, not a doubling from 64 KB. */
  private lines = new CopyText();
  private merging = false;
  private savepoints = 0;

  constructor(
    private readonly db: Db,
    private readonly loadId: number,
    private readonly now: Date,
    private readonly tally: LoadTally,
    private readonly phases?: Phases,
    private readonly personsKept = PERSONS_KEPT,
  ) {}

  async write(rows: ChunkRows) {
    if (rows.ends.length === 0) return;
    if (!this.merging && !rows.repeats && (await this.copied(rows))) return;
    this.merging = true;
    await phase(this.phases, 'staging writes (db)', () => repo.stageRows(this.db, this.stageLines(rows)));
    const merged = await phase(this.phases, 'merge into settlements (db)', () => repo.mergeChunk(this.db, this.loadId, this.now));
    tallyMerge(this.tally, merged);
  }

  /** Every chunk written: the people kept by ID number are not needed any more. */
  forget() {
    this.persons.clear();
  }

  /** The chunk copied as new rows, or false when a number of it is stored (nothing written). */
  private async copied(rows: ChunkRows): Promise<boolean> {
    const personIds = await phase(this.phases, 'persons by ID number (db)', () => this.personIds(rows.certNos));
    const order = knownInOrder(rows, personIds);
    const lines = this.settlementLines(rows, personIds, order);
    const copy = () => phase(this.phases, 'copy into settlements (db)', () => repo.copySettlements(this.db, lines));
    if (this.savepoints < SAVEPOINTS) {
      this.savepoints++;
      try {
        // A nested transaction is a savepoint: a failed COPY is rolled back to it, the load goes on.
        await this.db.transaction(copy);
      } catch (error) {
        if (uniqueViolation(error)) return false;
        throw error;
      }
    } else {
      const numbers = order.map((i) => rows.numbers[i]);
      if (await repo.anyStored(this.db, numbers)) return false;
      await copy();
    }
    this.tally.known += order.length;
    this.tally.added += order.length;
    for (const i of order) {
      const periodId = rows.periodIds[i];
      if (periodId !== null) addPair(this.tally, periodId, personIds[i]);
    }
    return true;
  }

  /** Each row's person (0: not known), asking the database only for ID numbers not seen in this load. */
  private async personIds(certNos: string[]): Promise<number[]> {
    let unseen = [...new Set(certNos.filter((c) => !this.persons.has(c)))];
    if (this.persons.size + unseen.length > this.personsKept) {
      this.persons.clear();
      unseen = [...new Set(certNos)];
    }
    for (const c of unseen) this.persons.set(detachedCell(c), 0);
    for (const p of await repo.personsOf(this.db, unseen)) this.persons.set(p.certNo, p.id);
    return certNos.map((c) => this.persons.get(c) ?? 0);
  }

  private settlementLines(rows: ChunkRows, personIds: number[], order: number[]): Buffer {
    const after = `\t1\t${this.loadId}\t${this.now.toISOString()}\t${this.now.toISOString()}\n`;
    const text = this.lines;
    for (const i of order) {
      text.append(`${personIds[i]}\t`);
      text.appendBytes(rows.fields, i === 0 ? 0 : rows.ends[i - 1], rows.ends[i]);
      text.append(after);
    }
    return text.take();
  }

  private stageLines(rows: ChunkRows): Buffer {
    const text = this.lines;
    for (let i = 0; i < rows.ends.length; i++) {
      text.append(`${rows.rowNos[i]}\t${rows.certNos[i]}\t`);
      text.appendBytes(rows.fields, i === 0 ? 0 : rows.ends[i - 1], rows.ends[i]);
      text.append('\n');
    }
    return text.take();
  }
}

/** The rows of known people, in the order the merge inserts (person, period with none last, discharge). */
function knownInOrder(rows: ChunkRows, personIds: number[]): number[] {
  const order: number[] = [];
  for (let i = 0; i < personIds.length; i++) if (personIds[i] !== 0) order.push(i);
  const period = (i: number) => rows.periodIds[i] ?? Number.MAX_SAFE_INTEGER;
  return order.sort(
    (a, b) =>
      personIds[a] - personIds[b] ||
      period(a) - period(b) ||
      (rows.discharged[a] < rows.discharged[b] ? -1 : rows.discharged[a] > rows.discharged[b] ? 1 : 0),
  );
}

const uniqueViolation = (error: unknown) => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** The merged chunks of a load: the rows of known people, added and replaced, and the (period, person) pairs to compute again. */
export interface LoadTally {
  known: number;
  added: number;
  replaced: number;
  touched: Map<number, Set<number>>;
}

export const newTally = (): LoadTally => ({ known: 0, added: 0, replaced: 0, touched: new Map() });

function addPair(tally: LoadTally, periodId: number, personId: number) {
  const people = tally.touched.get(periodId) ?? new Set<number>();
  tally.touched.set(periodId, people.add(personId));
}

/** A merged chunk's counts and pairs added to the load's. */
export function tallyMerge(tally: LoadTally, m: repo.MergeOutcome) {
  tally.known += m.known;
  tally.added += m.added;
  tally.replaced += m.replaced;
  for (const [i, periodId] of m.periodIds.entries()) addPair(tally, periodId, m.personIds[i]);
}
