/**
 * The constraints of the tables of issue 10's personal slice (schema/personal.ts): every foreign
 * key refuses an orphan, every CHECK a bad value, and the partial unique index a second open
 * transfer of a person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ManualClock } from '../lib/clock';
import { MemoryFileStore } from '../lib/storage';
import { createTestDatabase } from '../test/database';
import { refusal, rows } from '../test/refusal';
import type { Database } from './client';
import { PERSONAL_TABLES } from './schema/personal';
import { seedDemo } from './seed/demo';
import { seedDictionaries } from './seed/dictionaries';

const TABLES = PERSONAL_TABLES;
let db: Database;
const P = sql.raw('(select min(id) from persons)');
const A = sql.raw(`(select id from units where uact = 'qydw92101')`);
const B = sql.raw(`(select id from units where uact = 'fhgh93101')`);
const Y = sql.raw('(select min(id) from periods)');
const ST = sql.raw('(select min(id) from staff)');
const T = sql.raw('(select min(id) from coverage_transfers)');
const C = sql.raw('(select min(id) from coverages)');
const MISSING = sql.raw('999999');

function transfer(v: { person?: SQL; from?: SQL; to?: SQL; staff?: SQL; toStaff?: SQL; period?: SQL; account?: SQL; state?: string }) {
  return sql`insert into coverage_transfers (person_id, from_unit_id, to_unit_id, from_staff_id, to_staff_id, transfer_date, period_id, state, created_by, created_at, updated_at)
    values (${v.person ?? P}, ${v.from ?? A}, ${v.to ?? B}, ${v.staff ?? ST}, ${v.toStaff ?? null}, '2026-06-01', ${v.period ?? Y}, ${v.state ?? 'done'}, ${v.account ?? null}, now(), now())`;
}
function line(v: { transfer?: SQL; coverage?: SQL; unit?: SQL }) {
  return sql`insert into coverage_transfer_lines (transfer_id, coverage_id, from_unit_id, until_date) values (${v.transfer ?? T}, ${v.coverage ?? C}, ${v.unit ?? A}, '2026-05-31')`;
}
function filing(v: { person?: SQL; unit?: SQL; account?: SQL; state?: string; filedBy?: string; region?: string; to?: string }) {
  return sql`insert into place_filings (person_id, unit_id, filed_by, region_code, region_name, hospital_name, from_date, to_date, reason, state, created_by, created_at)
    values (${v.person ?? P}, ${v.unit ?? A}, ${v.filedBy ?? 'unit'}, ${v.region ?? '110105'}, 'x', 'x', '2026-06-01', ${v.to ?? '2026-06-30'}, 'x', ${v.state ?? 'submitted'}, ${v.account ?? null}, now())`;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDictionaries(db.db);
  await seedDemo(db.db, new ManualClock(), '长沙市', new MemoryFileStore());
  const d = db.db;
  await d.execute(sql`insert into periods (year, name, start_date, end_date, enrol_start, enrol_end, pay_deadline, created_at)
    select 2031, '2031', '2031-01-01', '2031-12-31', '2030-11-01', '2030-12-31', '2030-12-31', now() where not exists (select 1 from periods)`);
  await d.execute(sql`insert into products (period_id, code, name, rate_fen) values (${Y}, 'ZZ', 'x', 100) on conflict do nothing`);
  await d.execute(sql`insert into staff (unit_id, person_id, joined_on, created_at, updated_at) select ${A}, ${P}, '2020-01-01', now(), now()
    where not exists (select 1 from staff where person_id = ${P})`);
  await d.execute(
    sql`insert into applications (unit_id, period_id, kind, state, created_at, updated_at) values (${A}, ${Y}, 'new', 'paid', now(), now())`,
  );
  await d.execute(sql`insert into application_lines (application_id, period_id, product_code, person_id, shares, amount_fen)
    values ((select max(id) from applications), ${Y}, 'ZZ', ${P}, 1, 100)`);
  await d.execute(sql`insert into coverages (person_id, period_id, product_code, shares, unit_id, application_id, line_id, covered_from, continuing, created_at)
    values (${P}, ${Y}, 'ZZ', 1, ${A}, (select max(id) from applications), (select max(id) from application_lines), '2026-01-01', true, now())`);
  await d.execute(transfer({}));
  await d.execute(transfer({ state: 'cancelled' }));
  await d.execute(line({}));
  await d.execute(filing({}));
});
afterAll(async () => {
  await db?.close();
});

const constraintsOf = async (kind: string) =>
  (
    await rows(
      db.db,
      sql`select conname from pg_constraint where connamespace = 'public'::regnamespace
      and conrelid::regclass::text = any(${`{${TABLES.join(',')}}`}::text[]) and pg_get_constraintdef(oid) like ${`${kind}%`}`,
    )
  )
    .map((r) => String(r.conname))
    .sort();

describe('the personal and transfer tables', () => {
  it('every foreign key refuses an orphan', async () => {
    const orphans: Array<[string, SQL]> = [
      ['coverage_transfers_person_id_persons_id_fk', transfer({ person: MISSING })],
      ['coverage_transfers_from_unit_id_units_id_fk', transfer({ from: MISSING })],
      ['coverage_transfers_to_unit_id_units_id_fk', transfer({ to: MISSING })],
      ['coverage_transfers_from_staff_id_staff_id_fk', transfer({ staff: MISSING })],
      ['coverage_transfers_to_staff_id_staff_id_fk', transfer({ toStaff: MISSING })],
      ['coverage_transfers_period_id_periods_id_fk', transfer({ period: MISSING })],
      ['coverage_transfers_created_by_accounts_id_fk', transfer({ account: MISSING })],
      ['coverage_transfer_lines_transfer_id_coverage_transfers_id_fk', line({ transfer: MISSING })],
      ['coverage_transfer_lines_coverage_id_coverages_id_fk', line({ coverage: MISSING })],
      [
        'coverage_transfer_lines_from_unit_id_units_id_fk',
        line({ unit: MISSING, transfer: sql.raw('(select max(id) from coverage_transfers)') }),
      ],
      ['place_filings_person_id_persons_id_fk', filing({ person: MISSING })],
      ['place_filings_unit_id_units_id_fk', filing({ unit: MISSING })],
      ['place_filings_created_by_accounts_id_fk', filing({ account: MISSING })],
    ];
    for (const [constraint, query] of orphans) expect(await refusal(db.db, query), constraint).toEqual({ code: '23503', constraint });
    expect(orphans.map(([name]) => name).sort()).toEqual(await constraintsOf('FOREIGN KEY'));
  });

  it('every CHECK refuses a bad value', async () => {
    const bad: Array<[string, SQL]> = [
      ['coverage_transfers_state_check', transfer({ state: 'lost' })],
      ['coverage_transfers_units_check', transfer({ to: A })],
      ['place_filings_state_check', filing({ state: 'lost' })],
      ['place_filings_filed_by_check', filing({ filedBy: 'union' })],
      ['place_filings_dates_check', filing({ to: '2026-05-01' })],
      ['place_filings_region_check', filing({ region: '11' })],
    ];
    for (const [constraint, query] of bad) expect(await refusal(db.db, query), constraint).toEqual({ code: '23514', constraint });
    expect(bad.map(([name]) => name).sort()).toEqual(await constraintsOf('CHECK'));
  });

  it('one open transfer per person; one line per transfer and coverage', async () => {
    expect(await refusal(db.db, transfer({ state: 'receiving' }))).toBeNull();
    expect(await refusal(db.db, transfer({ state: 'reviewing' }))).toEqual({ code: '23505', constraint: 'coverage_transfers_open_key' });
    expect(await refusal(db.db, line({}))).toEqual({ code: '23505', constraint: 'coverage_transfer_lines_once_key' });
  });
});
