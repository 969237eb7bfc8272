/**
 * The constraints of the benefit tables (migration 0007, schema/benefits.ts): every foreign key
 * refuses an orphan, every CHECK a bad value, and the partial unique indexes a second benefit for
 * one stay. integrity.test.ts covers the other tables and leaves these to this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { ManualClock } from '../lib/clock';
import { copyLine, copyRows } from '../lib/copy-rows';
import { MemoryFileStore } from '../lib/storage';
import { createTestDatabase } from '../test/database';
import { refusal, rows } from '../test/refusal';
import type { Database } from './client';
import { BENEFIT_TABLES } from './schema/benefits';
import { setBasedReferencesOf } from './schema/set-based-references';
import { seedDemo } from './seed/demo';
import { seedDictionaries } from './seed/dictionaries';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDictionaries(db.db);
  await seedDemo(db.db, new ManualClock(), '长沙市', new MemoryFileStore());
  const d = db.db;
  await d.execute(sql`insert into settlement_loads (file_name, operator, created_at) values ('s.csv', 'op', now())`);
  await d.execute(sql`insert into payout_batches (batch_no, kind, count, total_fen, operator, paid_on, created_at)
    values ('FF1', 'treatment', 0, 0, 'op', '2026-11-22', now())`);
  await d.execute(settlement({}));
  await d.execute(sql`insert into treatments (settlement_id, person_id, unit_id, period_id, product_code, discharged_on, hospital_name, state, computed_at)
    values (${S}, ${P}, ${U}, ${PERIOD}, '01', '2026-03-10', 'x', 'none', now())`);
  await d.execute(claim({}));
});
afterAll(async () => {
  await db?.close();
});

const P = sql.raw('(select min(id) from persons)');
const U = sql.raw(`(select id from units where uact = 'qydw92101')`);
const PERIOD = sql.raw(`(select id from periods where year = ${new ManualClock().now().getUTCFullYear()})`);
const S = sql.raw('(select min(id) from settlements)');
const C = sql.raw('(select min(id) from claims)');
const T = sql.raw('(select min(id) from treatments)');
const B = sql.raw('(select min(id) from payout_batches)');
const MISSING = sql.raw('999999');
const FILE = sql.raw('(select id from files limit 1)');
let serial = 0;
/** A different admission day for every claim (one benefit per stay and type is a unique index). */
const uniqueDay = () => `2025-${String((serial % 12) + 1).padStart(2, '0')}-${String((Math.floor(serial / 12) % 28) + 1).padStart(2, '0')}`;

function settlement(v: {
  no?: string;
  person?: SQL;
  period?: SQL;
  load?: SQL;
  kind?: string;
  level?: string;
  admitted?: string;
  total?: number;
}) {
  serial += 1;
  return sql`insert into settlements (settlement_no, person_id, period_id, hospital_name, hospital_level, kind, admitted_on, discharged_on,
    settled_on, total_fen, policy_fen, fund_fen, self_policy_fen, self_excluded_fen, diagnosis_code, diagnosis_name, load_id, created_at, updated_at)
    values (${v.no ?? `JS${serial}`}, ${v.person ?? P}, ${v.period ?? PERIOD}, '湘雅医院', ${v.level ?? '3'}, ${v.kind ?? 'inpatient'},
    ${v.admitted ?? '2026-03-01'}, '2026-03-10', '2026-03-10', ${v.total ?? 100}, 100, 50, 50, 0, 'J18.9', '肺炎', ${v.load ?? null}, now(), now())`;
}
function treatment(v: {
  settlement?: SQL;
  person?: SQL;
  unit?: SQL;
  product?: string;
  coverage?: SQL;
  batch?: SQL;
  state?: string;
  amount?: number;
}) {
  return sql`insert into treatments (settlement_id, person_id, unit_id, period_id, product_code, coverage_id, discharged_on, hospital_name,
    amount_fen, state, batch_id, computed_at)
    values (${v.settlement ?? S}, ${v.person ?? P}, ${v.unit ?? U}, ${PERIOD}, ${v.product ?? '03'}, ${v.coverage ?? null}, '2026-03-10', 'x',
    ${v.amount ?? 0}, ${v.state ?? 'none'}, ${v.batch ?? null}, now())`;
}
function claim(v: {
  person?: SQL;
  unit?: SQL;
  review?: SQL;
  period?: SQL;
  product?: string;
  account?: SQL;
  settlement?: SQL;
  batch?: SQL;
  type?: string;
  state?: string;
  filedBy?: string;
  admitted?: string | null;
  amount?: number;
}) {
  serial += 1;
  return sql`insert into claims (claim_no, type, state, person_id, unit_id, review_unit_id, period_id, product_code, filed_by, created_by,
    admitted_on, discharged_on, settlement_id, amount_fen, batch_id, created_at, updated_at)
    values (${`BZ${serial}`}, ${v.type ?? 'major_disease'}, ${v.state ?? 'draft'}, ${v.person ?? P}, ${v.unit ?? U}, ${v.review ?? null},
    ${v.period ?? PERIOD}, ${v.product ?? '03'}, ${v.filedBy ?? 'unit'}, ${v.account ?? null},
    ${v.admitted === undefined ? uniqueDay() : v.admitted}, '2026-10-10', ${v.settlement ?? null}, ${v.amount ?? 0},
    ${v.batch ?? null}, now(), now())`;
}
const payout = (v: { batch?: SQL; person?: SQL; treatment?: SQL | null; claim?: SQL | null }) =>
  sql`insert into payouts (batch_id, person_id, treatment_id, claim_id, amount_fen, created_at)
  values (${v.batch ?? B}, ${v.person ?? P}, ${v.treatment === undefined ? T : v.treatment}, ${v.claim === undefined ? null : v.claim}, 100, now())`;

const constraintsOf = async (kind: 'FOREIGN KEY' | 'CHECK') =>
  (
    await rows(
      db.db,
      sql`select conname from pg_constraint where connamespace = 'public'::regnamespace
      and conrelid::regclass::text = any(${`{${BENEFIT_TABLES.join(',')}}`}::text[]) and pg_get_constraintdef(oid) like ${`${kind}%`}`,
    )
  )
    .map((r) => String(r.conname))
    .sort();

describe('the benefit tables', () => {
  it('every foreign key refuses an orphan', async () => {
    const orphans: Array<[string, SQL]> = [
      ['settlements_person_id_persons_id_fk', settlement({ person: MISSING })],
      ['settlements_period_id_periods_id_fk', settlement({ period: MISSING })],
      ['settlements_load_id_settlement_loads_id_fk', settlement({ load: MISSING })],
      ['treatments_settlement_id_settlements_id_fk', treatment({ settlement: MISSING })],
      ['treatments_person_id_persons_id_fk', treatment({ person: MISSING })],
      ['treatments_unit_id_units_id_fk', treatment({ unit: MISSING })],
      ['treatments_coverage_id_coverages_id_fk', treatment({ coverage: MISSING })],
      ['treatments_batch_id_payout_batches_id_fk', treatment({ batch: MISSING })],
      ['treatments_product_fk', treatment({ product: '99' })],
      ['claims_person_id_persons_id_fk', claim({ person: MISSING })],
      ['claims_unit_id_units_id_fk', claim({ unit: MISSING })],
      ['claims_review_unit_id_units_id_fk', claim({ review: MISSING })],
      ['claims_period_id_periods_id_fk', claim({ period: MISSING })],
      ['claims_created_by_accounts_id_fk', claim({ account: MISSING })],
      ['claims_settlement_id_settlements_id_fk', claim({ settlement: MISSING })],
      ['claims_batch_id_payout_batches_id_fk', claim({ batch: MISSING })],
      ['claims_product_fk', claim({ product: '99' })],
      [
        'claim_attachments_claim_id_claims_id_fk',
        sql`insert into claim_attachments (claim_id, kind, file_id, created_at) values (${MISSING}, 'id_card', ${FILE}, now())`,
      ],
      [
        'claim_attachments_file_id_files_id_fk',
        sql`insert into claim_attachments (claim_id, kind, file_id, created_at) values (${C}, 'id_card', '00000000-0000-4000-8000-000000000099', now())`,
      ],
      [
        'claim_events_claim_id_claims_id_fk',
        sql`insert into claim_events (claim_id, at, actor_kind, actor_name, to_state) values (${MISSING}, now(), 'unit', 'x', 'draft')`,
      ],
      ['payouts_batch_id_payout_batches_id_fk', payout({ batch: MISSING })],
      ['payouts_person_id_persons_id_fk', payout({ person: MISSING })],
      ['payouts_treatment_id_treatments_id_fk', payout({ treatment: MISSING })],
      ['payouts_claim_id_claims_id_fk', payout({ treatment: null, claim: MISSING })],
    ];
    for (const [constraint, query] of orphans) expect(await refusal(db.db, query), constraint).toEqual({ code: '23503', constraint });
    // Every reference is named: the foreign keys of the catalogue and the set-based ones of the bulk tables.
    expect(orphans.map(([name]) => name).sort()).toEqual(
      [...(await constraintsOf('FOREIGN KEY')), ...setBasedReferencesOf(BENEFIT_TABLES)].sort(),
    );
  });

  it('the set-based references check rows written by COPY too (a settlement load writes its treatments so)', async () => {
    const [at] = await rows(db.db, sql`select ${S}::float8 as s, ${P} as p, ${PERIOD} as period, ${U} as u`);
    const copyIn = (tx: typeof db.db, unit: number) =>
      copyRows(
        tx,
        'treatments (settlement_id, product_code, person_id, period_id, unit_id, discharged_on, hospital_name, state, computed_at)',
        copyLine([Number(at.s), '02', Number(at.p), Number(at.period), unit, '2026-03-10', 'x', 'none', new Date().toISOString()]),
      );
    const copy = (unit: number) => () => db.db.transaction((tx) => copyIn(tx, unit));
    expect(await refusal(db.db, copy(999999))).toEqual({ code: '23503', constraint: 'treatments_unit_id_units_id_fk' });
    expect(await refusal(db.db, copy(Number(at.u)))).toBeNull();
    await db.db.execute(sql`delete from treatments where settlement_id = ${S} and product_code = '02'`);
    // The one exception (migration 0043): the computation's own COPY, which read every key it writes
    // in its transaction under the treatments lock, sets hall.treatment_keys for that COPY only.
    const rolledBack = new Error('rolled back');
    const unchecked = db.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('hall.treatment_keys', 'by writer', true)`);
      await copyIn(tx, 999999);
      expect(await rows(tx, sql`select unit_id from treatments where settlement_id = ${S} and product_code = '02'`)).toEqual([
        { unit_id: 999999 },
      ]);
      throw rolledBack;
    });
    await expect(unchecked).rejects.toBe(rolledBack);
  });

  it('the set-based references check an update that changes a reference, and act on delete as the keys would', async () => {
    const d = db.db;
    const orphaned = (constraint: string) => ({ code: '23503', constraint });
    expect(await refusal(d, sql`update settlements set person_id = ${MISSING} where id = ${S}`)).toEqual(
      orphaned('settlements_person_id_persons_id_fk'),
    );
    expect(await refusal(d, sql`update treatments set unit_id = ${MISSING} where id = ${T}`)).toEqual(
      orphaned('treatments_unit_id_units_id_fk'),
    );
    // An update that leaves the references alone is not checked (and passes).
    expect(await refusal(d, sql`update treatments set reason = 'x' where id = ${T}`)).toBeNull();
    // restrict: a person with a settlement (and nothing else) cannot go.
    await d.execute(sql`insert into persons (cert_type, cert_no, name, created_at) values ('01', '430102199001010011', '某某', now())`);
    const lone = sql.raw(`(select id from persons where cert_no = '430102199001010011')`);
    await d.execute(settlement({ no: 'JS-LONE', person: lone, load: sql.raw('(select max(id) from settlement_loads)') }));
    expect(await refusal(d, sql`delete from persons where cert_no = '430102199001010011'`)).toEqual(
      orphaned('settlements_person_id_persons_id_fk'),
    );
    // set null: the load's record goes, its settlements stay.
    await d.execute(sql`delete from settlement_loads where id = (select max(id) from settlement_loads)`);
    expect(await rows(d, sql`select load_id from settlements where settlement_no = 'JS-LONE'`)).toEqual([{ load_id: null }]);
    // cascade: a settlement's treatments go with it.
    await d.execute(
      treatment({ settlement: sql.raw(`(select id from settlements where settlement_no = 'JS-LONE')`), person: lone, product: '01' }),
    );
    await d.execute(sql`delete from settlements where settlement_no = 'JS-LONE'`);
    expect(await rows(d, sql`select 1 from treatments where person_id = ${lone}`)).toEqual([]);
    await d.execute(sql`delete from persons where cert_no = '430102199001010011'`);
    // restrict: a batch that paid a treatment stays.
    await d.execute(sql`update treatments set batch_id = ${B} where id = ${T}`);
    expect(await refusal(d, sql`delete from payout_batches where id = ${B}`)).toEqual(orphaned('treatments_batch_id_payout_batches_id_fk'));
    await d.execute(sql`update treatments set batch_id = null where id = ${T}`);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a delete of a referenced person waits for a load writing its settlement, then is refused (PostgreSQL)',
    async () => {
      const [{ name }] = await rows(db.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const [loader, deleter] = [new pg.Client({ connectionString: url.toString() }), new pg.Client({ connectionString: url.toString() })];
      await Promise.all([loader.connect(), deleter.connect()]);
      try {
        await db.db.execute(
          sql`insert into persons (cert_type, cert_no, name, created_at) values ('01', '430102199001010038', '某甲', now())`,
        );
        await loader.query('begin');
        await loader.query(`insert into settlements (settlement_no, person_id, period_id, hospital_name, hospital_level, kind, admitted_on,
          discharged_on, settled_on, total_fen, policy_fen, fund_fen, self_policy_fen, self_excluded_fen, diagnosis_code, diagnosis_name,
          created_at, updated_at) select 'JS-RACE', id, null, 'x', '3', 'inpatient', '2026-03-01', '2026-03-02', '2026-03-02', 1, 1, 0, 1, 0,
          'J18.9', '肺炎', now(), now() from persons where cert_no = '430102199001010038'`);
        const deleting = deleter.query(`delete from persons where cert_no = '430102199001010038'`).then(
          () => null,
          (error: { code?: string; constraint?: string }) => ({ code: error.code, constraint: error.constraint }),
        );
        // The delete has run and waits on the treatments' lock that the load holds (a state, not a pause).
        for (let waiting = false; !waiting; )
          waiting = (await loader.query(`select 1 from pg_locks where locktype = 'advisory' and not granted`)).rowCount === 1;
        await loader.query('commit');
        expect(await deleting).toEqual({ code: '23503', constraint: 'settlements_person_id_persons_id_fk' });
      } finally {
        await Promise.all([loader.end(), deleter.end()]);
      }
    },
  );

  it('every CHECK refuses a bad state or code', async () => {
    const bad: Array<[string, SQL]> = [
      ['settlements_kind_check', settlement({ kind: 'dental' })],
      ['settlements_level_check', settlement({ level: '4' })],
      ['settlements_dates_check', settlement({ admitted: '2026-04-01' })],
      ['settlements_amounts_check', settlement({ total: -1 })],
      [
        'payout_batches_kind_check',
        sql`insert into payout_batches (batch_no, kind, count, total_fen, operator, paid_on, created_at) values ('FF9', 'gift', 0, 0, 'op', '2026-11-22', now())`,
      ],
      ['treatments_state_check', treatment({ state: 'lost' })],
      ['treatments_amounts_check', treatment({ amount: -1 })],
      ['claims_type_check', claim({ type: 'dental' })],
      ['claims_state_check', claim({ state: 'submitted' })],
      ['claims_filed_by_check', claim({ filedBy: 'union' })],
      ['claims_amount_check', claim({ amount: -1 })],
      ['claims_stay_check', claim({ admitted: '2026-12-01' })],
      [
        'claim_attachments_kind_check',
        sql`insert into claim_attachments (claim_id, kind, file_id, created_at) values (${C}, 'selfie', ${FILE}, now())`,
      ],
      [
        'claim_events_actor_check',
        sql`insert into claim_events (claim_id, at, actor_kind, actor_name, to_state) values (${C}, now(), 'robot', 'x', 'draft')`,
      ],
      ['payouts_target_check', payout({ treatment: null, claim: null })],
      [
        'payout_batches_state_check',
        sql`insert into payout_batches (batch_no, kind, count, total_fen, operator, paid_on, state, created_at) values ('FF8', 'claim', 0, 0, 'op', '2026-11-22', 'lost', now())`,
      ],
      [
        'payout_batches_lines_check',
        sql`insert into payout_batches (batch_no, kind, count, total_fen, operator, paid_on, lines, paid_lines, failed_lines, created_at) values ('FF7', 'claim', 0, 0, 'op', '2026-11-22', 1, 1, 1, now())`,
      ],
      [
        'payouts_outcome_check',
        sql`insert into payouts (batch_id, person_id, treatment_id, amount_fen, outcome, created_at) values (${B}, ${P}, ${T}, 100, 'lost', now())`,
      ],
    ];
    for (const [constraint, query] of bad) expect(await refusal(db.db, query), constraint).toEqual({ code: '23514', constraint });
    expect(bad.map(([name]) => name).sort()).toEqual(await constraintsOf('CHECK'));
  });

  it('takes one settlement per number, one treatment per settlement and product', async () => {
    expect(await refusal(db.db, settlement({ no: 'JS1' }))).toEqual({ code: '23505', constraint: 'settlements_no_key' });
    expect(await refusal(db.db, treatment({ product: '01' }))).toEqual({ code: '23505', constraint: 'treatments_once_key' });
  });

  it('grants one benefit per stay and type, and 困难职工补助 once a period; a refused claim does not count', async () => {
    await db.db.execute(claim({ type: 'hospital_allowance', product: '01', admitted: '2026-05-05', state: 'refused' }));
    await db.db.execute(claim({ type: 'hospital_allowance', product: '01', admitted: '2026-05-05' }));
    expect(await refusal(db.db, claim({ type: 'hospital_allowance', product: '01', admitted: '2026-05-05' }))).toEqual({
      code: '23505',
      constraint: 'claims_stay_key',
    });
    await db.db.execute(claim({ type: 'hardship', product: '01', admitted: null }));
    expect(await refusal(db.db, claim({ type: 'hardship', product: '01', admitted: null }))).toEqual({
      code: '23505',
      constraint: 'claims_hardship_key',
    });
  });
});
