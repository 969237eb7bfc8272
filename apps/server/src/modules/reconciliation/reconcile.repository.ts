import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { applications, bankCredits, bankFormats, bankStatements, periods, units } from '../../db/schema';

export interface StatementCredit {
  txnId: string;
  bookedOn: string;
  amountFen: number;
  payerName: string;
  payerAccount: string;
  memo: string;
}

export type CreditRow = typeof bankCredits.$inferSelect;

export async function insertStatement(db: Db, values: { bank: string; fileName: string; loadedBy: string; loadedAt: Date }) {
  const [row] = await db
    .insert(bankStatements)
    .values({ ...values, credits: 0, matched: 0, exceptions: 0, repeated: 0 })
    .returning({ id: bankStatements.id });
  return row.id;
}

export async function countStatement(
  db: Db,
  id: number,
  counts: { credits: number; matched: number; exceptions: number; repeated: number },
) {
  await db.update(bankStatements).set(counts).where(eq(bankStatements.id, id));
}

/**
 * The statement's credits in one INSERT … SELECT FROM unnest; a credit already loaded (same bank and
 * transaction id) is skipped by the unique key, so loading a statement twice adds nothing. Answers
 * the new rows, in the file's order, as exceptions until the matching decides.
 */
export async function insertCredits(db: Db, statementId: number, bank: string, credits: StatementCredit[]): Promise<CreditRow[]> {
  if (credits.length === 0) return [];
  const inserted = await queryRows<{ id: number }>(
    db,
    sql`
    INSERT INTO bank_credits (statement_id, bank, txn_id, booked_on, amount_fen, payer_name, payer_account, memo, state)
    SELECT ${statementId}, ${bank}, t.txn_id, t.booked_on, t.amount_fen, t.payer_name, t.payer_account, t.memo, 'exception'
    FROM unnest(
      ${sql.param(credits.map((c) => c.txnId))}::text[],
      ${sql.param(credits.map((c) => c.bookedOn))}::date[],
      ${sql.param(credits.map((c) => c.amountFen))}::int8[],
      ${sql.param(credits.map((c) => c.payerName))}::text[],
      ${sql.param(credits.map((c) => c.payerAccount))}::text[],
      ${sql.param(credits.map((c) => c.memo))}::text[]
    ) WITH ORDINALITY AS t(txn_id, booked_on, amount_fen, payer_name, payer_account, memo, n)
    ORDER BY t.n
    ON CONFLICT (bank, txn_id) DO NOTHING
    RETURNING id::float8 AS id`,
  );
  if (inserted.length === 0) return [];
  return db
    .select()
    .from(bankCredits)
    .where(
      inArray(
        bankCredits.id,
        inserted.map((r) => r.id),
      ),
    )
    .orderBy(bankCredits.id);
}

/** The credit already matched to an application, if any (a second credit for one notice is an exception). */
export async function matchedCreditOf(db: Db, applicationId: number) {
  const [row] = await db
    .select({ id: bankCredits.id, txnId: bankCredits.txnId })
    .from(bankCredits)
    .where(and(eq(bankCredits.applicationId, applicationId), eq(bankCredits.state, 'matched')))
    .limit(1);
  return row ?? null;
}

export interface Payer {
  payerName: string;
  payerAccount: string;
  amountFen: number;
}

/**
 * For each payer (by its place in the list), the 待缴费 applications whose amount is the credit's and
 * whose unit is the payer: by the unit's name, or by the bank account its union information holds.
 * One statement for a whole bank statement: the unpaid notices are read once and joined by hash.
 */
export async function unpaidOfPayers(db: Db, payers: Payer[]) {
  if (payers.length === 0) return [];
  return queryRows<{ n: number; id: number }>(
    db,
    sql`
    WITH p AS (
      SELECT * FROM unnest(
        ${sql.param(payers.map((c) => c.payerName))}::text[],
        ${sql.param(payers.map((c) => c.payerAccount))}::text[],
        ${sql.param(payers.map((c) => c.amountFen))}::int8[]
      ) WITH ORDINALITY AS t(payer_name, payer_account, amount_fen, n)
    ), unpaid AS (
      SELECT a.id, a.amount_fen, u.emp_name, ui.bank_account_no FROM applications a
      JOIN units u ON u.id = a.unit_id
      LEFT JOIN union_infos ui ON ui.unit_id = a.unit_id
      WHERE a.state = 'unpaid'
    )
    SELECT p.n::int AS n, x.id FROM p JOIN unpaid x ON x.amount_fen = p.amount_fen AND x.emp_name = p.payer_name
    UNION
    SELECT p.n::int, x.id FROM p JOIN unpaid x ON x.amount_fen = p.amount_fen AND p.payer_account <> '' AND x.bank_account_no = p.payer_account
    ORDER BY 1, 2`,
  );
}

/** Which of these transactions of the bank are loaded already (the preview's 重复 without writing). */
export async function loadedTxnIds(db: Db, bank: string, txnIds: string[]) {
  if (txnIds.length === 0) return new Set<string>();
  const rows = await queryRows<{ txnId: string }>(
    db,
    sql`SELECT txn_id AS "txnId" FROM bank_credits WHERE bank = ${bank} AND txn_id = ANY(${sql.param(txnIds)}::text[])`,
  );
  return new Set(rows.map((r) => r.txnId));
}

/** The exceptions of a load with their reasons, in one UPDATE … FROM unnest (inserted as exceptions already: no state moves). */
export async function markExceptions(db: Db, rows: { id: number; reason: string; applicationId: number | null; note: string | null }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE bank_credits b SET reason = t.reason, application_id = t.application_id, note = t.note
    FROM unnest(
      ${sql.param(rows.map((r) => r.id))}::int8[],
      ${sql.param(rows.map((r) => r.reason))}::text[],
      ${sql.param(rows.map((r) => r.applicationId))}::int[],
      ${sql.param(rows.map((r) => r.note))}::text[]
    ) AS t(id, reason, application_id, note)
    WHERE b.id = t.id`);
}

export async function markCredits(db: Db, ids: number[], values: Partial<Omit<CreditRow, 'id'>>) {
  if (ids.length === 0) return;
  await db.update(bankCredits).set(values).where(inArray(bankCredits.id, ids));
}

/** The credits by id, locked for their resolution (two finance operators at once: one wins). */
export async function creditsForUpdate(db: Db, ids: number[]) {
  return db.select().from(bankCredits).where(inArray(bankCredits.id, ids)).orderBy(bankCredits.id).for('update');
}

const creditColumns = {
  id: bankCredits.id,
  statementId: bankCredits.statementId,
  bank: bankCredits.bank,
  txnId: bankCredits.txnId,
  bookedOn: bankCredits.bookedOn,
  amountFen: bankCredits.amountFen,
  payerName: bankCredits.payerName,
  payerAccount: bankCredits.payerAccount,
  memo: bankCredits.memo,
  state: bankCredits.state,
  reason: bankCredits.reason,
  applicationId: bankCredits.applicationId,
  year: periods.year,
  empName: units.empName,
  uact: units.uact,
  dueFen: applications.amountFen,
  resolvedBy: bankCredits.resolvedBy,
  resolvedAt: bankCredits.resolvedAt,
  note: bankCredits.note,
};

/** Credits in one state (or of one statement), newest first, by keyset on (state, id) or (statement, id). */
export async function creditPage(db: Db, q: { state?: string; statementId?: number; before?: number; limit: number }) {
  return db
    .select(creditColumns)
    .from(bankCredits)
    .leftJoin(applications, eq(applications.id, bankCredits.applicationId))
    .leftJoin(periods, eq(periods.id, applications.periodId))
    .leftJoin(units, eq(units.id, applications.unitId))
    .where(
      and(
        q.state ? eq(bankCredits.state, q.state) : undefined,
        q.statementId ? eq(bankCredits.statementId, q.statementId) : undefined,
        q.before ? lt(bankCredits.id, q.before) : undefined,
      ),
    )
    .orderBy(desc(bankCredits.id))
    .limit(q.limit);
}

export async function statementPage(db: Db, limit: number) {
  return db.select().from(bankStatements).orderBy(desc(bankStatements.id)).limit(limit);
}

/** What arrived for these applications: credits matched or waiting as exceptions, for /payment. */
export async function arrivalsOf(db: Db, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      id: bankCredits.id,
      applicationId: bankCredits.applicationId,
      bookedOn: bankCredits.bookedOn,
      amountFen: bankCredits.amountFen,
      state: bankCredits.state,
    })
    .from(bankCredits)
    .where(inArray(bankCredits.applicationId, applicationIds))
    .orderBy(bankCredits.id);
}

export async function formatOf(db: Db, bank: string) {
  const [row] = await db.select().from(bankFormats).where(eq(bankFormats.bank, bank));
  return row ?? null;
}

export async function formatList(db: Db) {
  return db.select().from(bankFormats).orderBy(bankFormats.bank);
}

export async function saveFormat(db: Db, values: typeof bankFormats.$inferInsert) {
  await db
    .insert(bankFormats)
    .values(values)
    .onConflictDoUpdate({
      target: bankFormats.bank,
      set: { columns: values.columns, updatedBy: values.updatedBy, updatedAt: values.updatedAt },
    });
}
