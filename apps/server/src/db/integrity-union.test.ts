/**
 * The constraints of the union information tables (schema/union.ts): every foreign key refuses an
 * orphan, every CHECK a bad value, one pending change per union, and the delete rules.
 * integrity.test.ts leaves these tables to this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ManualClock } from '../lib/clock';
import { MemoryFileStore } from '../lib/storage';
import { createTestDatabase } from '../test/database';
import { refusal, rows } from '../test/refusal';
import type { Database } from './client';
import { UNION_TABLES } from './schema/union';
import { seedDemo } from './seed/demo';
import { seedDictionaries } from './seed/dictionaries';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDictionaries(db.db);
  await seedDemo(db.db, new ManualClock(), '长沙市', new MemoryFileStore());
});
afterAll(async () => {
  await db?.close();
});

const U = sql.raw(`(select id from units where uact = 'hygh93001')`);
const A = sql.raw(`(select id from accounts where login_name = 'hygh93001')`);
const MISSING = sql.raw('999999');

function change(v: {
  unit?: SQL;
  account?: SQL;
  state?: string;
  decided?: boolean;
  reviewer?: string | null;
  note?: string | null;
  after?: string;
}) {
  return sql`insert into union_info_changes (unit_id, state, before, after, submitted_by, submitter, submitted_at, decided_at, reviewer, review_note)
    values (${v.unit ?? U}, ${v.state ?? 'pending'}, '{}'::jsonb, ${v.after ?? '{"chairmanName":"张三"}'}::jsonb, ${v.account ?? A}, 'hygh93001', now(),
    ${v.decided ? sql`now()` : null}, ${v.reviewer ?? null}, ${v.note ?? null})`;
}
function info(v: Record<string, string | number | SQL>) {
  const cols = Object.keys(v);
  return sql`insert into union_infos (unit_id, updated_at, ${sql.raw(cols.join(', '))}) values (${U}, now(), ${sql.join(
    cols.map((c) => sql`${v[c]}`),
    sql`, `,
  )})`;
}

const constraintsOf = async (kind: 'FOREIGN KEY' | 'CHECK') =>
  (
    await rows(
      db.db,
      sql`select conname from pg_constraint where connamespace = 'public'::regnamespace
      and conrelid::regclass::text = any(${`{${UNION_TABLES.join(',')}}`}::text[]) and pg_get_constraintdef(oid) like ${`${kind}%`}`,
    )
  )
    .map((r) => String(r.conname))
    .sort();

describe('the union information tables', () => {
  it('every foreign key refuses an orphan', async () => {
    const orphans: Array<[string, SQL]> = [
      ['union_info_changes_unit_id_units_id_fk', change({ unit: MISSING })],
      ['union_info_changes_submitted_by_accounts_id_fk', change({ account: MISSING })],
      ['union_infos_unit_id_units_id_fk', sql`insert into union_infos (unit_id, updated_at) values (${MISSING}, now())`],
      ['union_infos_change_id_fk', info({ change_id: MISSING })],
      [
        'union_change_files_change_id_union_info_changes_id_fk',
        sql`insert into union_change_files (change_id, file_id, created_at) values (${MISSING}, (select id from files limit 1), now())`,
      ],
      [
        'union_change_files_file_id_files_id_fk',
        sql`with c as (${change({ state: 'withdrawn', decided: true })} returning id)
          insert into union_change_files (change_id, file_id, created_at) select id, '00000000-0000-4000-8000-000000000099', now() from c`,
      ],
    ];
    for (const [constraint, query] of orphans) expect(await refusal(db.db, query), constraint).toEqual({ code: '23503', constraint });
    expect(orphans.map(([n]) => n).sort()).toEqual(await constraintsOf('FOREIGN KEY'));
  });

  it('every CHECK refuses a bad value', async () => {
    const bad: Array<[string, SQL]> = [
      ['union_info_changes_state_check', change({ state: 'lost', decided: true })],
      ['union_info_changes_decided_check', change({ state: 'withdrawn' })],
      ['union_info_changes_reviewer_check', change({ state: 'rejected', decided: true, reviewer: 'op' })],
      ['union_info_changes_json_check', change({ after: '{}' })],
      ['union_infos_counts_check', info({ employee_count: 10, female_count: -1, member_count: 1 })],
      ['union_infos_region_code_check', info({ region_code: '4301' })],
      ['union_infos_bank_account_no_check', info({ bank_account_no: '6222 0000' })],
      ['union_infos_dates_check', info({ chairman_term_start: '2026-01-02', chairman_term_end: '2026-01-01' })],
    ];
    for (const [constraint, query] of bad) expect(await refusal(db.db, query), constraint).toEqual({ code: '23514', constraint });
    expect(bad.map(([n]) => n).sort()).toEqual(await constraintsOf('CHECK'));
  });

  it('holds one pending change per union; decided ones are history', async () => {
    expect(await refusal(db.db, change({}))).toBeNull();
    expect(await refusal(db.db, change({}))).toEqual({ code: '23505', constraint: 'union_info_changes_one_pending_key' });
    expect(await refusal(db.db, change({ state: 'rejected', decided: true, reviewer: 'op', note: '不全' }))).toBeNull();
    expect(await refusal(db.db, change({ state: 'withdrawn', decided: true }))).toBeNull();
    expect(await refusal(db.db, change({ state: 'approved', decided: true, reviewer: 'op' }))).toBeNull();
  });

  it('a record pointing at its change: deleting the change leaves the record without it', async () => {
    expect(
      await refusal(db.db, info({ chairman_name: '张三', change_id: sql.raw('(select max(id) from union_info_changes)') })),
    ).toBeNull();
    await db.db.execute(sql`delete from union_info_changes where id = (select max(id) from union_info_changes)`);
    expect(await rows(db.db, sql`select change_id from union_infos where unit_id = ${U}`)).toEqual([{ change_id: null }]);
  });
});
