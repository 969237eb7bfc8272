import { type BenefitRule, isBanded, type RuleStay, yearTreatments } from '@hall/shared';
import type { Db } from '../../db/client';
import { CopyText } from '../../lib/copy-rows';
import { type Phases, phase } from '../../lib/phases';
import * as repo from './recompute.repository';
import { newTreatmentLines, writeTreatments, zeroTreatments } from './transition.repository';
import { lockTreatments } from './settlement.repository';
import { NewTreatmentTotals } from './treatment-totals';

/**
 * Treatments (互助待遇) follow from settlements by the period's banded rules (packages/shared
 * benefits/rule.ts). The rule is over a person's whole year, so whenever one settlement of a
 * person in a period changes, all of that person's settlements of the period are passed to
 * `yearTreatments` again, with what was paid on each, and what comes back is stored:
 * - one treatment per settlement × banded product of the period, for a person with any coverage
 *   in that period (a product the person lacks gives zero with the rule's reason);
 * - `unit_id`: the unit holding the person's coverage of that product (else of any product) on the
 *   discharge day: a coverage transfer moves later stays to the new unit, earlier ones stay;
 * - state: none (amount 0, nothing paid), pending (amount ≠ paid), paid (amount = paid > 0).
 * Lump-sum products (02, 03) pay through claims, not here.
 */

/** People per batch of statements (each batch: 3 reads and at most 4 writes). */
const BATCH = 2000;
/** People computed between two turns of the event loop (a few ms). */
const YIELD_PEOPLE = 200;

/** A settlement that no longer gives a treatment of which something was paid. */
export const NO_LONGER_COVERED = '医保结算已更正，不再属于本人本期的互助保障';

export interface RecomputeOutcome {
  /** People × periods computed. */
  persons: number;
  /** Treatment rows added or changed. */
  written: number;
  /** Treatments newly payable (amount > 0 and more than paid, newly or higher). */
  payable: number;
  /** Treatments whose amount fell below what was paid (a set-off for the next batch). */
  setOff: number;
}

export const stateOf = (amountFen: number, paidFen: number) => (amountFen !== paidFen ? 'pending' : amountFen > 0 ? 'paid' : 'none');

const sameRow = (a: repo.TreatmentRecord, b: repo.TreatmentWrite) =>
  a.personId === b.personId &&
  a.periodId === b.periodId &&
  a.unitId === b.unitId &&
  a.coverageId === b.coverageId &&
  a.dischargedOn === b.dischargedOn &&
  a.hospitalName === b.hospitalName &&
  a.baseFen === b.baseFen &&
  a.amountFen === b.amountFen &&
  a.state === b.state &&
  a.reason === b.reason;

/** Everything the computation reads once per run: the banded products of each period. */
export async function rulesByPeriod(db: Db) {
  const out = new Map<number, Array<{ code: string; rule: BenefitRule }>>();
  for (const p of await repo.productRules(db)) {
    if (!isBanded(p.rule)) continue;
    const list = out.get(p.periodId) ?? [];
    list.push({ code: p.code, rule: p.rule });
    out.set(p.periodId, list);
  }
  return out;
}

/** One batch of people of one period: what it reads, then what its computation writes. */
interface Batch {
  /** The load computing it (its new settlements are fresh), or null. */
  loadId: number | null;
  periodId: number;
  products: Array<{ code: string; rule: BenefitRule }>;
  personIds: number[];
}

interface BatchReads {
  stays: repo.StayRecord[];
  covers: repo.CoverRecord[];
  existing: repo.TreatmentRecord[];
  claims: repo.ClaimStayRecord[];
}

interface BatchWrites {
  writes: Array<repo.TreatmentWrite & { id?: number }>;
  /** The new rows of `writes` as COPY lines (built here, not in the connection's turn). */
  fresh: Buffer;
  known: Array<repo.TreatmentWrite & { id: number }>;
  payable: boolean[];
  deleted: number[];
  owed: number[];
}

/** The treatments a batch read whose rows are not of its own people and period (a settlement moved: a correction). */
const holdsForeign = (batch: Batch, existing: repo.TreatmentRecord[]) => {
  const here = new Set(batch.personIds);
  return existing.some((t) => t.periodId !== batch.periodId || !here.has(t.personId));
};

/** The treatments the batch holds now (its people's in the period, and its settlements' wherever they are). */
const readTreatments = (db: Db, batch: Batch, stays: repo.StayRecord[], phases?: Phases) =>
  phase(phases, 'r: read treatments', () =>
    repo.treatmentsOf(
      db,
      batch.periodId,
      batch.personIds,
      // A settlement this load wrote has no treatment anywhere yet: only the others are looked up.
      stays.filter((s) => !s.fresh).map((s) => s.id),
    ),
  );

async function readBatch(db: Db, batch: Batch, phases?: Phases): Promise<BatchReads> {
  const { periodId, products, personIds } = batch;
  const stays = await phase(phases, 'r: read stays', () => repo.staysOf(db, periodId, personIds, batch.loadId));
  const covers = products.length ? await phase(phases, 'r: read covers', () => repo.coversOf(db, periodId, personIds)) : [];
  const existing = await readTreatments(db, batch, stays, phases);
  const claims = products.length ? await phase(phases, 'r: read manual claims', () => repo.manualClaimsOf(db, periodId, personIds)) : [];
  return { stays, covers, existing, claims };
}

/** The list of a key, made empty at its first use. */
function listOf<T>(lists: Map<number, T[]>, key: number): T[] {
  const list = lists.get(key);
  if (list) return list;
  const made: T[] = [];
  lists.set(key, made);
  return made;
}

/**
 * The batch's treatments computed by the rule against what is stored: the rows to write, delete
 * and zero; the new rows are added to `totals` (their COPY leaves the totals to the writer).
 */
async function computeBatch(
  batch: Batch,
  reads: BatchReads,
  outcome: RecomputeOutcome,
  totals: NewTreatmentTotals,
  now: Date,
  lines: CopyText,
): Promise<BatchWrites> {
  const { periodId, products, personIds } = batch;
  const { stays, covers, existing, claims } = reads;
  const claimsOfPerson = new Map<number, repo.ClaimStayRecord[]>();
  for (const c of claims) listOf(claimsOfPerson, c.personId).push(c);
  const stored = new Map(existing.map((t) => [`${t.settlementId}:${t.productCode}`, t]));
  const staysOfPerson = new Map<number, repo.StayRecord[]>();
  for (const s of stays) listOf(staysOfPerson, s.personId).push(s);
  const coversOfPerson = new Map<number, repo.CoverRecord[]>();
  for (const c of covers) listOf(coversOfPerson, c.personId).push(c);

  const writes: Array<repo.TreatmentWrite & { id?: number }> = [];
  const fresh: repo.TreatmentWrite[] = [];
  const known: Array<repo.TreatmentWrite & { id: number }> = [];
  const wanted = new Set<string>();
  const payable: boolean[] = [];
  let people = 0;
  for (const [personId, own] of staysOfPerson) {
    // The event loop's turn now and then: the statements queued before (the previous batch's COPY
    // waits for its data to be sent) go on in the database while this batch is computed.
    if (++people % YIELD_PEOPLE === 0) await new Promise((resolve) => setImmediate(resolve));
    const held = coversOfPerson.get(personId);
    if (!held?.length) continue; // not a member in this period: no treatment at all
    for (const { code, rule } of products) {
      const cover = held.find((c) => c.productCode === code);
      const holder = cover ?? held[0];
      const input: RuleStay[] = own.map((s) => ({
        id: s.id,
        admittedOn: s.admittedOn,
        dischargedOn: s.dischargedOn,
        baseFen: s.selfPolicyFen,
        reversed: s.reversed,
        paidFen: stored.get(`${s.id}:${code}`)?.paidFen ?? 0,
      }));
      // Live 手工报销 claims of this product are stays too (base: the invoices' self-pay): they use up
      // the deductible and the cap, but their results are the claim's, not stored as treatments.
      for (const c of claimsOfPerson.get(personId) ?? [])
        if (c.productCode === code)
          input.push({ id: `claim:${c.id}`, admittedOn: c.admittedOn, dischargedOn: c.dischargedOn, baseFen: c.invoiceFen });
      const results = yearTreatments(rule, cover ? { coveredFrom: cover.coveredFrom, shares: cover.shares } : null, input);
      // The results come in the order of the input: the settlements first.
      results.slice(0, own.length).forEach((r, i) => {
        const stay = own[i];
        const key = `${stay.id}:${code}`;
        wanted.add(key);
        const before = stored.get(key);
        const paid = before?.paidFen ?? 0;
        const row: repo.TreatmentWrite = {
          settlementId: stay.id,
          productCode: code,
          personId,
          periodId,
          unitId: repo.unitOnDay(holder, stay.dischargedOn),
          coverageId: cover?.id ?? null,
          dischargedOn: stay.dischargedOn,
          hospitalName: stay.hospitalName,
          baseFen: r.countedFen,
          amountFen: r.amountFen,
          state: stateOf(r.amountFen, paid),
          reason: r.reason,
        };
        if (before && sameRow(before, row)) return;
        if (before) {
          const update = { ...row, id: before.id };
          writes.push(update);
          known.push(update);
        } else {
          writes.push(row);
          fresh.push(row);
          totals.add(row, stay);
        }
        payable.push(r.amountFen > 0 && r.amountFen !== (before?.amountFen ?? 0) && r.amountFen > paid);
        if (r.amountFen < paid && (before?.amountFen ?? 0) >= paid) outcome.setOff++;
      });
    }
  }

  // Rows whose settlement left these people's year (or whose person is no longer covered).
  const stale = existing.filter((t) => !wanted.has(`${t.settlementId}:${t.productCode}`));
  // A row of another period or person found by its settlement is that pair's, unless the settlement is here now.
  const here = new Set(personIds);
  const mine = stale.filter((t) => t.periodId === periodId && here.has(t.personId));
  const owed = mine.filter((t) => t.paidFen > 0 && (t.amountFen !== 0 || t.reason !== NO_LONGER_COVERED));
  outcome.setOff += owed.filter((t) => t.amountFen >= t.paidFen).length;
  outcome.persons += staysOfPerson.size;
  outcome.written += writes.length + owed.length;
  outcome.payable += payable.filter(Boolean).length;
  return {
    writes,
    fresh: newTreatmentLines(fresh, now, lines),
    known,
    payable,
    deleted: mine.filter((t) => t.paidFen === 0).map((t) => t.id),
    owed: owed.map((t) => t.id),
  };
}

/**
 * Stores a batch's computation, in the caller's transaction (which holds the treatments lock), and
 * mails each person whose treatment became payable.
 */
async function writeBatch(db: Db, now: Date, sender: string, batch: Batch, out: BatchWrites, phases?: Phases) {
  const { writes, fresh, known, payable } = out;
  await repo.deleteTreatments(db, out.deleted);
  await zeroTreatments(db, out.owed, NO_LONGER_COVERED, now);
  await phase(phases, 'r: write treatments', () => writeTreatments(db, now, { fresh, known }, { byWriter: true }));
  if (payable.some(Boolean)) {
    // Only people with a personal account get mail: asked once per batch, not joined per row.
    await phase(phases, 'r: mail', async () => {
      const readers = await repo.withAccounts(db, batch.personIds);
      const mailed = writes.filter((w, i) => payable[i] && readers.has(w.personId));
      await repo.mailPayable(db, await repo.treatmentIds(db, mailed), sender, now);
    });
  }
}

/**
 * What a computation may be given: the load it follows, the rules read already, a profile sink
 * (bench), fewer people per batch (tests of the pipeline).
 */
export interface RecomputeOptions {
  loadId?: number;
  rules?: Map<number, Array<{ code: string; rule: BenefitRule }>>;
  phases?: Phases;
  batchPeople?: number;
}

/**
 * Computes again the treatments of every (person, period) given, in batches of people per
 * period, in the caller's transaction, as if one batch after the other: each batch reads, is
 * computed here, and writes. Pipelined, since the computation is Node's and the writes the
 * database's (on two cores both run at once): the statements go to the connection as one queue,
 * each batch's reads before the batch before it writes, so the database reads and writes while
 * this process computes the next batch. The writes just before cannot change what a batch reads
 * while every treatment either batch read is of its own people and period: batches hold other
 * people (or another period), and the rows a batch writes are of its people and its settlements.
 * When one read a treatment of someone else (a settlement moved by a correction), the next
 * batch's treatments are read again after those writes.
 */
export async function recompute(
  db: Db,
  now: Date,
  sender: string,
  touched: Map<number, Set<number>>,
  options: RecomputeOptions = {},
): Promise<RecomputeOutcome> {
  const { phases, batchPeople = BATCH } = options;
  const outcome: RecomputeOutcome = { persons: 0, written: 0, payable: 0, setOff: 0 };
  const byPeriod = options.rules ?? (await rulesByPeriod(db));
  const batches: Batch[] = [];
  for (const [periodId, people] of touched) {
    const ids = [...people].sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i += batchPeople)
      batches.push({
        loadId: options.loadId ?? null,
        periodId,
        products: byPeriod.get(periodId) ?? [],
        personIds: ids.slice(i, i + batchPeople),
      });
  }
  // The connection's queue: a task starts when the one before has ended. After a failure (the
  // transaction is then aborted) no task starts and every later one answers that first failure.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(task: () => Promise<T>): Promise<T> => {
    const done = queue.then(task);
    done.catch(() => {}); // answered where awaited
    queue = done;
    return done;
  };
  // The new rows' totals, added once after their writes (treatment-totals.ts).
  const totals = new NewTreatmentTotals();
  // The new treatments' COPY text of each batch in turn.
  const lines = new CopyText();
  let next = batches.length ? enqueue(() => readBatch(db, batches[0], phases)) : undefined;
  let foreignBefore = false;
  for (const [i, batch] of batches.entries()) {
    const reads = await (next as Promise<BatchReads>);
    let foreign = holdsForeign(batch, reads.existing);
    if (i > 0 && (foreignBefore || foreign)) {
      reads.existing = await enqueue(() => readTreatments(db, batch, reads.stays, phases));
      foreign = holdsForeign(batch, reads.existing);
    }
    foreignBefore = foreign;
    const after = batches[i + 1];
    next = after ? enqueue(() => readBatch(db, after, phases)) : undefined;
    const ruleStarted = performance.now();
    const out = await computeBatch(batch, reads, outcome, totals, now, lines);
    if (phases) phases['r: rule in JS'] = (phases['r: rule in JS'] ?? 0) + performance.now() - ruleStarted;
    void enqueue(() => writeBatch(db, now, sender, batch, out, phases));
  }
  void enqueue(() => phase(phases, 'r: totals of the new rows', () => totals.flush(db)));
  await queue;
  return outcome;
}

/**
 * One person's treatments of one period computed again, in the caller's transaction: a 手工报销
 * claim became live or stopped being live (it shares their deductible and cap), or a coverage
 * transfer moved the person's cover to another unit (later stays follow it).
 */
export async function recomputePerson(db: Db, now: Date, sender: string, periodId: number, personId: number) {
  await lockTreatments(db);
  return recompute(db, now, sender, new Map([[periodId, new Set([personId])]]));
}
