/**
 * Migrations 0004 (integrity) and 0005 (enrolment): on a database of 0000–0003 holding the demo
 * city and rows the old schema allowed, and on a fresh one; then every foreign key refuses an
 * orphan, every CHECK a bad value and every partial unique index a second live row.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ManualClock } from '../lib/clock';
import { MemoryFileStore } from '../lib/storage';
import { createTestDatabase } from '../test/database';
import { refusal, rows } from '../test/refusal';
import { migrationsFolder, type Database, type Db } from './client';
import { seedDemo } from './seed/demo';
import { seedDictionaries } from './seed/dictionaries';
import { DEMO_PRODUCTS } from './seed/periods';
import { BENEFIT_TABLES } from './schema/benefits';
import { setBasedReferencesOf } from './schema/set-based-references';
import { UNION_TABLES } from './schema/union';
import { PERSONAL_TABLES } from './schema/personal';
import { FEATURE_TABLES } from './schema/features';

type Row = Record<string, unknown>;

/** The migrations folder with its journal cut after `tag`: the database as it was before 0004. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hall-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((e) => e.tag === tag);
  expect(end).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * Demo tables copied from the fresh database into the old one, parents first, with what identifies
 * the demo rows: all of them existed in 0003 (the tables 0005 adds hold no demo rows, see below).
 */
const DEMO_TABLES: Array<[table: string, demoRows: string]> = [
  ['dict_entries', 'true'],
  ['units', 'id < 1000'],
  ['persons', 'id < 1000'],
  ['staff', 'unit_id < 1000'],
  // Operator accounts came with 0005: the demo's is not a row of the old schema.
  ['accounts', "id < 1000 and login_type <> 'operator'"],
  ['periods', 'id < 1000'],
  ['products', 'period_id < 1000'],
  ['mail_messages', 'id < 1000'],
  ['files', "owner_key = 'seed'"],
  ['notices', 'id < 1000'],
];
const SERIALS = ['units', 'persons', 'staff', 'accounts', 'periods', 'mail_messages', 'notices'];

/** The year of the test clock: its period was the current one while periods had a flag for it. */
const CLOCK_YEAR = new ManualClock().now().getUTCFullYear();

/** A fresh row put back in the shape 0003 had (json_populate_recordset ignores the columns it did not have). */
const OLD_SHAPE: Record<string, (row: Row) => void> = {
  units: (u) => {
    u.contact_phone = u.contact_tel;
    delete u.contact_tel;
    delete u.legal_mobile;
  },
  staff: (s) => {
    s.active = s.left_on === null;
  },
  periods: (p) => {
    p.current = p.year === CLOCK_YEAR;
  },
  products: (p) => {
    p.rate_per_share = Number(p.rate_fen) / 100;
  },
};

/**
 * Columns of the demo rows the upgrade cannot carry over from 0003 (it fills them from created_at,
 * now() or the defaults; checked apart).
 */
const NOT_CARRIED: Record<string, string[]> = {
  staff: ['joined_on', 'updated_at'],
  periods: ['created_at'],
  products: ['max_shares', 'eligibility', 'benefit_rule', 'sort'],
};

/** Rows the old schema took and the new one refuses or reads differently (ids from 1001, the demo's are lower). */
const ODD_ROWS = `
  insert into units (id, uact, emp_name, level, parent_id, contact_phone, info_complete, created_at) values
    (1001, 'newco1001', '新注册单位甲', 2, (select id from units where uact = 'lhgh92001'), '13912340001', false, now()),
    (1002, 'newco1002', '已完善单位乙', 2, (select id from units where uact = 'lhgh92001'), '0731-84440000', true, now()),
    (1003, 'oddco1003', '上级已删除的单位', 2, 99999, null, true, now());
  insert into units (id, uact, emp_name, level, uni_type, auth_state, notify_state, region_code, created_at) values
    (1004, 'oddco1004', '状态不明的单位', 2, '92', 'x', '9', 'abc', now());
  insert into unit_profiles (unit_id, legent_tel, updated_at) values (1001, '13912340001', now());
  insert into unit_profiles (unit_id, legent_tel, contact_name, updated_at) values (1002, '13912340002', '张三', now()), (99999, null, null, now());
  insert into files (id, owner_kind, owner_key, visibility, name, mime, size, sha256, created_at) values
    ('00000000-0000-4000-8000-000000000022', 'anonymous', '10.0.0.1', 'private', 'scan.pdf', 'application/pdf', 1, 'cd', now());
  insert into registrations (unit_id, kind, status, phone, authorization_file_id, submitted_at) values
    (1001, 'bidding', 'pending', '13912340001', '00000000-0000-4000-8000-000000000022', now());
  insert into registrations (unit_id, kind, status, phone, authorization_file_id, submitted_at) values
    (1002, 'bidding', 'approved', '13912340002', '00000000-0000-4000-8000-000000000001', now()),
    (1004, 'odd', 'lost', '13912340004', null, now());
  insert into persons (id, cert_no, name, gender, created_at) values (1001, '11010519491231002X', '周某', '9', now());
  insert into accounts (id, login_type, login_name, unit_id, password_hash, status, created_at) values
    (1001, 'unit', 'newco1001', 1001, 'h', 'pending', now()),
    (1002, 'unit', 'oddco1004', 1004, 'h', 'frozen', now());
  insert into accounts (id, login_type, login_name, person_id, password_hash, created_at) values
    (1003, 'personal', '110105194912310000', 99999, 'h', now());
  insert into sessions (id, account_id, login_type, created_at, last_seen_at) values
    ('00000000-0000-4000-8000-000000000011', 1003, 'personal', now(), now()),
    ('00000000-0000-4000-8000-000000000012', 99999, 'unit', now(), now());
  insert into sessions (id, account_id, login_type, created_at, last_seen_at, revoke_reason) values
    ('00000000-0000-4000-8000-000000000013', 1, 'unit', now(), now(), 'logout');
  insert into refresh_tokens (session_id, token_hash, issued_at) values
    ('00000000-0000-4000-8000-000000000011', 'a', now()), ('00000000-0000-4000-8000-000000000099', 'b', now());
  insert into account_emails (account_id, email, bound_at) values (1003, 'a@b.cn', now());
  insert into staff (unit_id, person_id, psn_type, created_at) values (99999, 1001, '1', now()), (1002, 1001, '7', now());
  insert into persons (id, cert_no, name, created_at) values (1002, '110105194912310038', '吴某', now()), (1003, '110105194912310046', '郑某', now());
  insert into staff (unit_id, person_id, created_at) values (1001, 1002, '2025-03-01T20:00:00Z');
  insert into staff (unit_id, person_id, created_at) values (1002, 1002, '2025-06-01T08:00:00Z');
  insert into staff (unit_id, person_id, active, created_at) values (1001, 1003, false, '2025-03-01T20:00:00Z');
  insert into agents (person_id, cert_start, cert_end, registered_at) values (1001, '2030-01-01', '2020-01-01', now());
  insert into notices (id, kind, title, content, publisher, status, created_at, updated_at) values
    (1001, 'rumour', '状态不明', '正文', '总工会', 'hidden', now(), now()),
    (1002, 'notice', '已发布无时间', '正文', '总工会', 'published', now(), now());
  insert into files (id, owner_kind, owner_key, visibility, name, mime, size, sha256, created_at) values
    ('00000000-0000-4000-8000-000000000021', 'robot', 'r2', 'everyone', 'x.pdf', 'application/pdf', 1, 'ab', now());
  insert into mail_messages (id, recipient_kind, recipient_key, title, content, sender, read_flag, created_at) values
    (1001, 'person', '430102198503150022', '标题', '正文', '总工会', 'y', now());
  insert into periods (id, year, name, start_date, end_date, enrol_start, enrol_end, pay_deadline, current) values
    (1001, 2000, '2000年度', '2000-12-31', '2000-01-01', '2000-01-01', '2000-12-31', '2000-12-31', true);
  insert into products (period_id, code, name, rate_per_share) values (99999, '01', '孤儿产品', '-1');
  insert into products (period_id, code, name, rate_per_share) values (1001, '01', '旧产品', '12.34'), (1001, '02', '负费率产品', '-5');
  insert into login_guards (login_type, login_name, failures, window_start) values ('robot', 'x', -1, now());
  insert into verification_codes (channel, target, purpose, code_hash, created_at, expires_at, failures) values
    ('fax', 'x', 'find-password', 'h', now(), now(), 0), ('sms', '13912340001', 'find-password', 'h', now(), now(), -2);
  insert into outbox (channel, target, content, created_at) values ('pigeon', 'a@b.cn', '正文', now());
`;

const constraintsOf = (db: Db) =>
  rows(
    db,
    sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
    where connamespace = 'public'::regnamespace order by 1, 2`,
  );
const indexesOf = (db: Db) => rows(db, sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`);
const triggersOf = (db: Db) => rows(db, sql`select tgname from pg_trigger where not tgisinternal order by 1`);

let fresh: Database;
let upgraded: Database;
let oldFolder: string;

beforeAll(async () => {
  fresh = await createTestDatabase();
  const clock = new ManualClock();
  await seedDictionaries(fresh.db);
  await seedDemo(fresh.db, clock, '长沙市', new MemoryFileStore());

  oldFolder = migrationsUpTo('0003_rate_limits');
  upgraded = await createTestDatabase({ migrationsFolder: oldFolder });
  // The demo city as the old schema held it: the fresh database's rows in the old shape (the contact
  // phone in contact_phone, staff active, the clock's period current, rates in yuan).
  for (const [table, demoRows] of DEMO_TABLES) {
    const [{ data }] = await rows(
      fresh.db,
      sql`select coalesce(json_agg(t), '[]'::json) as data from ${sql.identifier(table)} t where ${sql.raw(demoRows)}`,
    );
    const list = (typeof data === 'string' ? JSON.parse(data) : data) as Row[];
    for (const row of list) OLD_SHAPE[table]?.(row);
    await upgraded.db.execute(
      sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(list)}::json)`,
    );
  }
  for (const table of SERIALS) {
    await upgraded.db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`);
  }
  for (const statement of ODD_ROWS.split(/;\n/).filter((s) => s.trim())) await upgraded.db.execute(sql.raw(statement));
  await upgraded.migrate();
});

afterAll(async () => {
  await Promise.all([fresh?.close(), upgraded?.close()]);
  if (oldFolder) rmSync(oldFolder, { recursive: true, force: true });
});

describe('migrations 0004 and 0005 on an existing database', () => {
  it('ends with the same constraints, indexes and triggers as a fresh database', async () => {
    expect(await constraintsOf(upgraded.db)).toEqual(await constraintsOf(fresh.db));
    expect(await indexesOf(upgraded.db)).toEqual(await indexesOf(fresh.db));
    expect(await triggersOf(upgraded.db)).toEqual(await triggersOf(fresh.db));
    const names = (await constraintsOf(fresh.db)).map((c) => c.conname);
    expect(names).toEqual(
      expect.arrayContaining(['units_parent_id_fk', 'accounts_unit_id_units_id_fk', 'accounts_owner_check', 'files_owner_kind_check']),
    );
  });

  it('keeps the demo city as it was, the contact phone in contact_tel', async () => {
    for (const [table, demoRows] of DEMO_TABLES) {
      const query = async (db: Db) => {
        const list = await rows(db, sql`select * from ${sql.identifier(table)} t where ${sql.raw(demoRows)} order by 1, 2`);
        for (const row of list) for (const column of NOT_CARRIED[table] ?? []) delete row[column];
        return list;
      };
      const demo = await query(fresh.db);
      expect(demo.length, table).toBeGreaterThan(0);
      expect(await query(upgraded.db), table).toEqual(demo);
    }
    const [union] = await rows(upgraded.db, sql`select contact_tel, legal_mobile from units where uact = 'lhgh92001'`);
    expect(union).toEqual({ contact_tel: '0731-88000000', legal_mobile: null });
    // Staff joined on the (Beijing) day their row was made, changed then, all still employed.
    expect(
      await rows(
        upgraded.db,
        sql`select joined_on::text as joined_on, updated_at = created_at as unchanged, left_on, count(*)::int as n
        from staff where unit_id < 1000 group by 1, 2, 3`,
      ),
    ).toEqual([{ joined_on: '2026-11-22', unchanged: true, left_on: null, n: 45 }]);
    expect(await rows(upgraded.db, sql`select count(*)::int as n from periods where created_at is null`)).toEqual([{ n: 0 }]);
    // The rates in fen, as the fresh database has them; the new product columns at their defaults.
    expect(
      await rows(
        upgraded.db,
        sql`select distinct code, rate_fen, max_shares, eligibility, benefit_rule, sort from products where period_id < 1000 order by 1`,
      ),
    ).toEqual(
      DEMO_PRODUCTS.map((p) => ({ code: p.code, rate_fen: p.rateFen, max_shares: 1, eligibility: 'all', benefit_rule: {}, sort: 0 })),
    );
    expect(await rows(fresh.db, sql`select distinct code, rate_fen from products order by 1`)).toEqual(
      DEMO_PRODUCTS.map((p) => ({ code: p.code, rate_fen: p.rateFen })),
    );
    // The tables 0005 adds: the demo has nothing in them, so nothing was left behind.
    const added = await rows(
      upgraded.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_name in
      ('registry_loads', 'insured_registry', 'applications', 'application_lines', 'application_events', 'payments',
       'coverages', 'import_batches', 'import_rows') order by 1`,
    );
    expect(added).toHaveLength(9);
    for (const { table_name } of added) {
      for (const db of [fresh.db, upgraded.db]) {
        expect(await rows(db, sql`select count(*)::int as n from ${sql.identifier(String(table_name))}`), String(table_name)).toEqual([
          { n: 0 },
        ]);
      }
    }
  });

  it('splits the two phones of contact_phone', async () => {
    const phones = await rows(upgraded.db, sql`select uact, legal_mobile, contact_tel from units where id in (1001, 1002) order by id`);
    expect(phones).toEqual([
      // Registered, not completed: contact_phone was the legal representative's mobile.
      { uact: 'newco1001', legal_mobile: '13912340001', contact_tel: null },
      // Completed through /improveInfo: contact_phone was the contact phone.
      { uact: 'newco1002', legal_mobile: '13912340002', contact_tel: '0731-84440000' },
    ]);
    const columns = await rows(
      upgraded.db,
      sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_name in ('contact_phone', 'legent_tel')`,
    );
    expect(columns).toEqual([]);
  });

  it('fixes or removes the rows the new rules refuse', async () => {
    const one = async (query: SQL) => (await rows(upgraded.db, query))[0];
    expect(await one(sql`select parent_id from units where id = 1003`)).toEqual({ parent_id: null });
    expect(await one(sql`select level, uni_type, auth_state, notify_state, region_code from units where id = 1004`)).toEqual({
      level: 2,
      uni_type: null,
      auth_state: null,
      notify_state: null,
      region_code: null,
    });
    expect(await rows(upgraded.db, sql`select id, status from accounts where id > 1000 order by id`)).toEqual([
      { id: 1001, status: 'pending' },
      { id: 1002, status: 'disabled' },
    ]);
    expect(await rows(upgraded.db, sql`select id from sessions where id::text like '00000000-0000-4000-8000-%'`)).toEqual([
      { id: '00000000-0000-4000-8000-000000000013' },
    ]);
    expect(
      await one(sql`select revoked_at is not null as revoked from sessions where id = '00000000-0000-4000-8000-000000000013'`),
    ).toEqual({ revoked: true });
    expect(await rows(upgraded.db, sql`select token_hash from refresh_tokens`)).toEqual([]);
    expect(await rows(upgraded.db, sql`select email from account_emails`)).toEqual([]);
    expect(await rows(upgraded.db, sql`select unit_id, psn_type, left_on from staff where person_id = 1001`)).toEqual([
      { unit_id: 1002, psn_type: '1', left_on: null },
    ]);
    // Open at two units: the newer row stays open, the older one is closed the day it began.
    // An inactive row left on the (Beijing) day it was made.
    expect(
      await rows(
        upgraded.db,
        sql`select person_id, unit_id, joined_on::text as joined_on, left_on::text as left_on, leave_reason,
        updated_at = created_at as unchanged from staff where person_id in (1002, 1003) order by id`,
      ),
    ).toEqual([
      {
        person_id: 1002,
        unit_id: 1001,
        joined_on: '2025-03-02',
        left_on: '2025-03-02',
        leave_reason: '数据迁移：同一人员只能在一个单位在职',
        unchanged: true,
      },
      { person_id: 1002, unit_id: 1002, joined_on: '2025-06-01', left_on: null, leave_reason: null, unchanged: true },
      { person_id: 1003, unit_id: 1001, joined_on: '2025-03-02', left_on: '2025-03-02', leave_reason: null, unchanged: true },
    ]);
    expect(await rows(upgraded.db, sql`select unit_id from unit_profiles order by 1`)).toEqual([{ unit_id: 1001 }, { unit_id: 1002 }]);
    expect(await rows(upgraded.db, sql`select unit_id, kind, status, authorization_file_id from registrations order by 1`)).toEqual([
      { unit_id: 1001, kind: 'bidding', status: 'pending', authorization_file_id: '00000000-0000-4000-8000-000000000022' },
      { unit_id: 1002, kind: 'bidding', status: 'approved', authorization_file_id: null },
      { unit_id: 1004, kind: 'unit', status: 'pending', authorization_file_id: null },
    ]);
    expect(await one(sql`select gender from persons where id = 1001`)).toEqual({ gender: null });
    expect(await one(sql`select cert_start::text, cert_end::text from agents where person_id = 1001`)).toEqual({
      cert_start: '2020-01-01',
      cert_end: '2030-01-01',
    });
    expect(
      await rows(upgraded.db, sql`select kind, status, published_at is not null as dated from notices where id > 1000 order by id`),
    ).toEqual([
      { kind: 'notice', status: 'draft', dated: false },
      { kind: 'notice', status: 'published', dated: true },
    ]);
    expect(await rows(upgraded.db, sql`select owner_kind, owner_key, visibility from files where owner_key <> 'seed' order by id`)).toEqual(
      [
        { owner_kind: 'operator', owner_key: 'unknown', visibility: 'private' },
        // The registration's scan, still anonymous, is its unit's.
        { owner_kind: 'unit', owner_key: 'newco1001', visibility: 'private' },
      ],
    );
    expect(await one(sql`select recipient_kind, read_flag from mail_messages where id = 1001`)).toEqual({
      recipient_kind: 'personal',
      read_flag: '0',
    });
    expect(await one(sql`select start_date::text, end_date::text, created_at is not null as created from periods where id = 1001`)).toEqual(
      { start_date: '2000-01-01', end_date: '2000-12-31', created: true },
    );
    expect(await rows(upgraded.db, sql`select name from products where period_id = 99999`)).toEqual([]);
    expect(await rows(upgraded.db, sql`select code, rate_fen from products where period_id = 1001 order by 1`)).toEqual([
      { code: '01', rate_fen: 1234 },
      { code: '02', rate_fen: 0 },
    ]);
    const gone = await rows(
      upgraded.db,
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'
      and (table_name, column_name) in (('staff', 'active'), ('periods', 'current'), ('products', 'rate_per_share'))`,
    );
    expect(gone).toEqual([]);
    expect(await rows(upgraded.db, sql`select login_name from login_guards`)).toEqual([]);
    expect(await rows(upgraded.db, sql`select channel, failures from verification_codes`)).toEqual([{ channel: 'sms', failures: 0 }]);
    expect(await rows(upgraded.db, sql`select channel from outbox`)).toEqual([{ channel: 'email' }]);
  });
});

describe('the constraints', () => {
  const person = sql.raw(`(select min(id) from persons)`);
  const unit = (uact: string) => sql.raw(`(select id from units where uact = '${uact}')`);
  const account = sql.raw(`(select min(id) from accounts)`);
  const missing = sql.raw('999999');
  const uuid = (n: number) => sql.raw(`'00000000-0000-4000-8000-${String(n).padStart(12, '0')}'`);
  /** The period open for enrolment in the demo city (the clock's year + 1). */
  const period = sql.raw(`(select id from periods where year = ${CLOCK_YEAR + 1})`);
  /** The n-th person employed by qydw92101 (each test takes its own, so their lines never meet). */
  const worker = (n: number) =>
    sql.raw(
      `(select person_id from staff where unit_id = (select id from units where uact = 'qydw92101') order by id offset ${n} limit 1)`,
    );
  const staffOf = (n: number) =>
    sql.raw(`(select id from staff where unit_id = (select id from units where uact = 'qydw92101') order by id offset ${n} limit 1)`);
  // The valid rows made before the tests (see beforeAll): the first application, its line, load and batch.
  const application = sql.raw('(select min(id) from applications)');
  const line = sql.raw('(select min(id) from application_lines)');
  const load = sql.raw('(select min(id) from registry_loads)');

  /** A valid draft application of qydw92101 for the open period, with one line for product '01' of `who`. */
  async function apply(who: SQL): Promise<{ id: number; line: number }> {
    const [made] = await rows(
      fresh.db,
      sql`insert into applications (unit_id, period_id, kind, state, headcount, amount_fen, created_at, updated_at)
      values (${unit('qydw92101')}, ${period}, 'new', 'draft', 1, 6000, now(), now()) returning id`,
    );
    const [added] = await rows(
      fresh.db,
      sql`insert into application_lines (application_id, period_id, product_code, person_id, shares, amount_fen)
      values (${made.id}, ${period}, '01', ${who}, 1, 6000) returning id`,
    );
    return { id: Number(made.id), line: Number(added.id) };
  }
  /** The coverage a confirmed payment makes for a line of `apply`. */
  const cover = (who: SQL, made: { id: number; line: number }) =>
    sql`insert into coverages (person_id, period_id, product_code, shares, unit_id, application_id, line_id, covered_from, continuing, created_at)
    values (${who}, ${period}, '01', 1, ${unit('qydw92101')}, ${made.id}, ${made.line}, '2027-01-01', false, now())`;

  beforeAll(async () => {
    await apply(worker(0));
    await fresh.db.execute(
      sql`insert into registry_loads (file_name, operator, rows, added, changed, loaded_at) values ('registry.xlsx', 'op', 1, 1, 0, now())`,
    );
    await fresh.db.execute(
      sql`insert into import_batches (id, unit_id, kind, period_id, file_name, total, valid, created_at, expires_at)
      values (${uuid(20)}, ${unit('qydw92101')}, 'apply', ${period}, 'x.xlsx', 1, 1, now(), now())`,
    );
    await fresh.db.execute(
      sql`insert into bank_statements (id, bank, file_name, loaded_by, loaded_at, credits, matched, exceptions, repeated)
      values (9001, 'ICBC', 's.csv', 'op', now(), 0, 0, 0, 0)`,
    );
  });

  // Each statement breaks one foreign key and nothing else (lines of a worker with none, closed staff rows).
  const orphanLine = (values: { application?: SQL; person?: SQL; staff?: SQL; product?: SQL }) =>
    sql`insert into application_lines (application_id, period_id, product_code, person_id, staff_id, shares, amount_fen)
    values (${values.application ?? application}, ${period}, ${values.product ?? sql.raw(`'01'`)}, ${values.person ?? worker(4)},
      ${values.staff ?? null}, 1, 6000)`;
  const orphanApplication = (values: { unit?: SQL; period?: SQL; review?: SQL; account?: SQL }) =>
    sql`insert into applications (unit_id, period_id, kind, state, review_unit_id, created_by, created_at, updated_at)
    values (${values.unit ?? unit('qydw92101')}, ${values.period ?? period}, 'new', 'draft', ${values.review ?? null}, ${values.account ?? null}, now(), now())`;
  const orphanCoverage = (values: { person?: SQL; unit?: SQL; application?: SQL; line?: SQL; product?: SQL }) =>
    sql`insert into coverages (person_id, period_id, product_code, shares, unit_id, application_id, line_id, covered_from, continuing, created_at)
    values (${values.person ?? worker(0)}, ${period}, ${values.product ?? sql.raw(`'01'`)}, 1, ${values.unit ?? unit('qydw92101')},
      ${values.application ?? application}, ${values.line ?? line}, '2027-01-01', false, now())`;
  const batch = (values: { unit?: SQL; operator?: SQL; period?: SQL; application?: SQL; kind?: string; state?: string }) =>
    sql`insert into import_batches (id, unit_id, operator_id, kind, period_id, file_name, total, valid, state, application_id, created_at, expires_at)
    values (${uuid(21)}, ${values.unit ?? unit('qydw92101')}, ${values.operator ?? null}, ${values.kind ?? 'apply'}, ${values.period ?? period}, 'x.xlsx', 1, 1,
      ${values.state ?? 'preview'}, ${values.application ?? null}, now(), now())`;

  const credit = (values: { statement?: SQL; application?: SQL; payment?: SQL; state?: string; amount?: number }) =>
    sql`insert into bank_credits (statement_id, bank, txn_id, booked_on, amount_fen, payer_name, payer_account, memo, state, application_id, payment_id)
    values (${values.statement ?? sql.raw('9001')}, 'ICBC', ${`T${Math.random()}`}, '2026-11-20', ${values.amount ?? 100}, 'x', '', '',
      ${values.state ?? 'exception'}, ${values.application ?? null}, ${values.payment ?? null})`;

  const orphans: Array<[constraint: string, query: SQL]> = [
    ['units_parent_id_fk', sql`update units set parent_id = ${missing} where uact = 'qydw92101'`],
    [
      'staff_unit_id_units_id_fk',
      sql`insert into staff (unit_id, person_id, joined_on, left_on, created_at, updated_at)
      values (${missing}, ${person}, '2020-01-01', '2020-12-31', now(), now())`,
    ],
    [
      'staff_person_id_persons_id_fk',
      sql`insert into staff (unit_id, person_id, joined_on, created_at, updated_at) values (${unit('qydw92101')}, ${missing}, '2020-01-01', now(), now())`,
    ],
    [
      'accounts_unit_id_units_id_fk',
      sql`insert into accounts (login_type, login_name, unit_id, password_hash, created_at) values ('unit', 'orphan1', ${missing}, 'h', now())`,
    ],
    [
      'accounts_person_id_persons_id_fk',
      sql`insert into accounts (login_type, login_name, person_id, password_hash, created_at) values ('personal', 'orphan2', ${missing}, 'h', now())`,
    ],
    [
      'sessions_account_id_accounts_id_fk',
      sql`insert into sessions (id, account_id, login_type, created_at, last_seen_at) values (${uuid(1)}, ${missing}, 'unit', now(), now())`,
    ],
    [
      'refresh_tokens_session_id_sessions_id_fk',
      sql`insert into refresh_tokens (session_id, token_hash, issued_at) values (${uuid(2)}, 'orphan', now())`,
    ],
    ['products_period_id_periods_id_fk', sql`insert into products (period_id, code, name, rate_fen) values (${missing}, '09', 'x', 100)`],
    [
      'registrations_unit_id_units_id_fk',
      sql`insert into registrations (unit_id, kind, status, phone, submitted_at) values (${missing}, 'unit', 'pending', '13900000000', now())`,
    ],
    [
      'registrations_authorization_file_id_files_id_fk',
      sql`insert into registrations (unit_id, kind, status, phone, authorization_file_id, submitted_at) values (${unit('qydw92101')}, 'bidding', 'pending', '13900000000', ${uuid(3)}, now())`,
    ],
    ['unit_profiles_unit_id_units_id_fk', sql`insert into unit_profiles (unit_id, updated_at) values (${missing}, now())`],
    [
      'agents_person_id_persons_id_fk',
      sql`insert into agents (person_id, cert_start, registered_at) values (${missing}, '2020-01-01', now())`,
    ],
    [
      'account_emails_account_id_accounts_id_fk',
      sql`insert into account_emails (account_id, email, bound_at) values (${missing}, 'a@b.cn', now())`,
    ],
    ['applications_unit_id_units_id_fk', orphanApplication({ unit: missing })],
    ['applications_period_id_periods_id_fk', orphanApplication({ period: missing })],
    ['applications_review_unit_id_units_id_fk', orphanApplication({ review: missing })],
    ['applications_created_by_accounts_id_fk', orphanApplication({ account: missing })],
    ['application_lines_application_id_applications_id_fk', orphanLine({ application: missing })],
    ['application_lines_person_id_persons_id_fk', orphanLine({ person: missing })],
    ['application_lines_staff_id_staff_id_fk', orphanLine({ staff: missing })],
    ['application_lines_product_fk', orphanLine({ product: sql.raw(`'99'`) })],
    [
      'application_events_application_id_applications_id_fk',
      sql`insert into application_events (application_id, at, actor_kind, actor_name, to_state) values (${missing}, now(), 'unit', 'x', 'draft')`,
    ],
    [
      'payments_application_id_applications_id_fk',
      sql`insert into payments (application_id, amount_fen, paid_on, voucher_no, operator, confirmed_at) values (${missing}, 6000, '2026-12-01', 'V1', 'op', now())`,
    ],
    [
      'payment_entries_application_id_applications_id_fk',
      sql`insert into payment_entries (application_id, amount_fen, paid_on, voucher_no, operator, entered_at) values (${missing}, 6000, '2026-12-01', 'V1', 'op', now())`,
    ],
    ['coverages_person_id_persons_id_fk', orphanCoverage({ person: missing })],
    ['coverages_unit_id_units_id_fk', orphanCoverage({ unit: missing })],
    ['coverages_application_id_applications_id_fk', orphanCoverage({ application: missing })],
    ['coverages_line_id_application_lines_id_fk', orphanCoverage({ line: missing })],
    ['coverages_product_fk', orphanCoverage({ product: sql.raw(`'99'`) })],
    ['import_batches_unit_id_units_id_fk', batch({ unit: missing })],
    ['import_batches_period_id_periods_id_fk', batch({ period: missing })],
    ['import_batches_application_id_applications_id_fk', batch({ application: missing })],
    ['import_batches_operator_id_accounts_id_fk', batch({ unit: sql`null`, operator: missing, kind: 'settlement', period: sql`null` })],
    [
      'import_rows_batch_id_import_batches_id_fk',
      sql`insert into import_rows (batch_id, row_no, cert_no, name) values (${uuid(22)}, 1, '430102198503150022', 'x')`,
    ],
    ['bank_credits_statement_id_bank_statements_id_fk', credit({ statement: missing })],
    ['bank_credits_application_id_applications_id_fk', credit({ application: missing })],
    ['bank_credits_payment_id_payments_id_fk', credit({ payment: missing })],
    [
      'insured_registry_load_id_registry_loads_id_fk',
      sql`insert into insured_registry (kind, code, name, active, load_id) values ('person', '430102198503150022', 'x', true, ${missing})`,
    ],
  ];

  const session = (values: string) =>
    sql`insert into sessions (id, account_id, login_type, created_at, last_seen_at, access_gen, revoked_at, revoke_reason) values (${uuid(4)}, ${account}, ${sql.raw(values)})`;
  const badStates: Array<[constraint: string, query: SQL | (() => Promise<unknown>)]> = [
    ['units_level_check', sql`update units set level = 3 where uact = 'qydw92101'`],
    ['units_uni_type_check', sql`update units set uni_type = '92' where uact = 'qydw92101'`],
    ['units_parent_check', sql`update units set parent_id = id where uact = 'qydw92101'`],
    ['units_auth_state_check', sql`update units set auth_state = '3' where uact = 'fhgh93101'`],
    ['units_notify_state_check', sql`update units set notify_state = '4' where uact = 'qydw92101'`],
    ['units_region_code_check', sql`update units set region_code = '4301' where uact = 'qydw92101'`],
    ['persons_gender_check', sql`update persons set gender = '0' where id = ${person}`],
    ['staff_psn_type_check', sql`update staff set psn_type = '5' where person_id = ${person}`],
    ['staff_dates_check', sql`update staff set left_on = joined_on - 1 where person_id = ${person}`],
    ['accounts_status_check', sql`update accounts set status = 'frozen' where id = ${account}`],
    ['accounts_owner_check', sql`update accounts set person_id = ${person} where login_type = 'unit'`],
    // A role none of the five, and a role on a portal account.
    ['accounts_operator_roles_check', sql`update accounts set operator_roles = '{boss}' where login_type = 'operator'`],
    ['accounts_operator_roles_check', sql`update accounts set operator_roles = '{admin}' where id = ${account}`],
    ['login_guards_login_type_check', sql`insert into login_guards (login_type, login_name, window_start) values ('robot', 'x', now())`],
    [
      'login_guards_failures_check',
      sql`insert into login_guards (login_type, login_name, failures, window_start) values ('unit', 'x', -1, now())`,
    ],
    ['rate_hits_hits_check', sql`insert into rate_hits (scope, key, window_start, hits, expires_at) values ('s', 'k', now(), -1, now())`],
    ['sessions_login_type_check', session(`'robot', now(), now(), 1, null, null`)],
    ['sessions_access_gen_check', session(`'unit', now(), now(), 0, null, null`)],
    ['sessions_revoke_check', session(`'unit', now(), now(), 1, null, 'logout'`)],
    ['mail_messages_recipient_kind_check', sql`update mail_messages set recipient_kind = 'operator'`],
    ['mail_messages_read_flag_check', sql`update mail_messages set read_flag = '2'`],
    ['periods_dates_check', sql`update periods set end_date = start_date - 1`],
    ['periods_waiting_days_check', sql`update periods set waiting_days = 366`],
    ['products_rate_check', sql`update products set rate_fen = -1`],
    ['products_max_shares_check', sql`update products set max_shares = 11`],
    ['products_eligibility_check', sql`update products set eligibility = 'male'`],
    ['products_code_check', sql`update products set code = 'a' where code = '03'`],
    ['files_owner_kind_check', sql`update files set owner_kind = 'robot'`],
    ['files_owner_key_check', sql`update files set owner_key = ''`],
    ['files_visibility_check', sql`update files set visibility = 'everyone'`],
    ['files_size_check', sql`update files set size = -1`],
    ['file_blobs_part_check', sql`insert into file_blobs (file_id, part, bytes) values (gen_random_uuid(), -1, decode('00', 'hex'))`],
    ['notices_kind_check', sql`update notices set kind = 'rumour'`],
    ['notices_status_check', sql`update notices set status = 'hidden'`],
    ['notices_published_check', sql`update notices set published_at = null where status = 'published'`],
    [
      'registrations_kind_check',
      sql`insert into registrations (unit_id, kind, status, phone, submitted_at) values (${unit('qydw92101')}, 'odd', 'pending', '13900000000', now())`,
    ],
    [
      'registrations_status_check',
      sql`insert into registrations (unit_id, kind, status, phone, submitted_at) values (${unit('qydw92101')}, 'unit', 'lost', '13900000000', now())`,
    ],
    [
      'unit_profiles_staff_count_check',
      sql`insert into unit_profiles (unit_id, staff_count, updated_at) values (${unit('qydw92101')}, -1, now())`,
    ],
    [
      'agents_cert_dates_check',
      sql`insert into agents (person_id, cert_start, cert_end, registered_at) values (${person}, '2030-01-01', '2020-01-01', now())`,
    ],
    [
      'verification_codes_channel_check',
      sql`insert into verification_codes (channel, target, purpose, code_hash, created_at, expires_at) values ('fax', 'x', 'p', 'h', now(), now())`,
    ],
    [
      'verification_codes_failures_check',
      sql`insert into verification_codes (channel, target, purpose, code_hash, created_at, expires_at, failures) values ('sms', 'x', 'p', 'h', now(), now(), -1)`,
    ],
    ['outbox_channel_check', sql`insert into outbox (channel, target, content, created_at) values ('pigeon', 'x', 'c', now())`],
    ['applications_kind_check', sql`update applications set kind = 'renew' where id = ${application}`],
    ['applications_state_check', sql`update applications set state = 'approved' where id = ${application}`],
    ['applications_amount_check', sql`update applications set headcount = -1 where id = ${application}`],
    ['application_lines_shares_check', sql`update application_lines set shares = 11 where id = ${line}`],
    ['application_lines_amount_check', sql`update application_lines set amount_fen = -1 where id = ${line}`],
    [
      'application_events_actor_check',
      sql`insert into application_events (application_id, at, actor_kind, actor_name, to_state) values (${application}, now(), 'robot', 'x', 'draft')`,
    ],
    [
      'payment_entries_amount_check',
      sql`insert into payment_entries (application_id, amount_fen, paid_on, voucher_no, operator, entered_at) values (${application}, 0, '2026-12-01', 'V0', 'op', now())`,
    ],
    [
      'payments_amount_check',
      sql`insert into payments (application_id, amount_fen, paid_on, voucher_no, operator, confirmed_at) values (${application}, 0, '2026-12-01', 'V0', 'op', now())`,
    ],
    ['import_batches_kind_check', batch({ kind: 'claims' })],
    ['import_batches_state_check', batch({ state: 'lost' })],
    // A batch is a unit's or an operator's: neither, or both, is refused.
    ['import_batches_owner_check', batch({ unit: sql`null` })],
    ['bank_credits_state_check', credit({ state: 'lost' })],
    ['bank_credits_amount_check', credit({ amount: 0 })],
    // A matched credit names the notice it confirmed.
    ['bank_credits_matched_check', credit({ state: 'matched' })],
    // A row is whole in the chain or outside it: the triggers (switched off here) never write half.
    [
      'audit_log_chain_whole',
      () =>
        fresh.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(
            sql`insert into audit_log (at, actor_kind, actor_key, action, chain_seq) values (now(), 'unit', 'x', 'login', 1)`,
          );
        }),
    ],
    [
      'insured_registry_kind_check',
      sql`insert into insured_registry (kind, code, name, active, load_id) values ('robot', 'x', 'x', true, ${load})`,
    ],
  ];

  /** The constraints this file answers for: the benefit, union, personal and feature tables have integrity tests of their own. */
  const others = [...BENEFIT_TABLES, ...UNION_TABLES, ...PERSONAL_TABLES, ...FEATURE_TABLES];
  const ownConstraints = async () => (await constraintsOf(fresh.db)).filter((c) => !others.includes(String(c.tbl)));

  it('every foreign key refuses an orphan', async () => {
    for (const [constraint, query] of orphans) expect(await refusal(fresh.db, query), constraint).toEqual({ code: '23503', constraint });
    const own = await ownConstraints();
    const keys = own.filter((c) => String(c.def).startsWith('FOREIGN KEY')).map((c) => c.conname);
    const setBased = setBasedReferencesOf([...new Set(own.map((c) => String(c.tbl)))]);
    expect(orphans.map(([name]) => name).sort()).toEqual([...keys, ...setBased].sort());
  });

  it('every CHECK refuses a bad state or code', async () => {
    for (const [constraint, query] of badStates) expect(await refusal(fresh.db, query), constraint).toEqual({ code: '23514', constraint });
    const all = (await ownConstraints()).filter((c) => String(c.def).startsWith('CHECK')).map((c) => c.conname);
    expect([...new Set(badStates.map(([name]) => name))].sort()).toEqual(all.sort());
  });

  it('employs a person at one unit at a time', async () => {
    const join = (uact: string, leftOn: string | null) =>
      sql`insert into staff (unit_id, person_id, joined_on, left_on, created_at, updated_at)
      values (${unit(uact)}, ${worker(1)}, '2026-01-01', ${leftOn}, now(), now())`;
    expect(await refusal(fresh.db, join('fhgh93101', null))).toEqual({ code: '23505', constraint: 'staff_open_person_key' });
    // A closed row at another unit is history, not a second job; once the first row is closed, a new one may open.
    expect(await refusal(fresh.db, join('fhgh93102', '2026-06-30'))).toBeNull();
    await fresh.db.execute(sql`update staff set left_on = '2026-10-31' where id = ${staffOf(1)}`);
    expect(await refusal(fresh.db, join('fhgh93101', null))).toBeNull();
    expect(await rows(fresh.db, sql`select count(*)::int as n from staff where person_id = ${worker(1)} and left_on is null`)).toEqual([
      { n: 1 },
    ]);
  });

  it('gives a person one live line per period and product, whichever application holds it', async () => {
    const first = await apply(worker(2));
    await expect(apply(worker(2))).rejects.toMatchObject({ cause: { code: '23505', constraint: 'application_lines_live_key' } });
    await fresh.db.execute(sql`update application_lines set live = false where id = ${first.line}`);
    const second = await apply(worker(2));
    expect(second.line).not.toEqual(first.line);
  });

  it('covers a person once per period and product', async () => {
    const first = await apply(worker(3));
    expect(await refusal(fresh.db, cover(worker(3), first))).toBeNull();
    await fresh.db.execute(sql`update application_lines set live = false where id = ${first.line}`);
    const second = await apply(worker(3));
    expect(await refusal(fresh.db, cover(worker(3), second))).toEqual({ code: '23505', constraint: 'coverages_once_key' });
  });

  it('deletes follow the ON DELETE rules', async () => {
    // restrict: a unit with a login account or member units stays (SQLSTATE 23001 from PostgreSQL 18, as in
    // PGlite; the foreign-key 23503 on older servers).
    const restricted = { code: expect.stringMatching(/^(23001|23503)$/) };
    expect(await refusal(fresh.db, sql`delete from units where uact = 'qydw92101'`)).toEqual({
      ...restricted,
      constraint: 'accounts_unit_id_units_id_fk',
    });
    expect(await refusal(fresh.db, sql`delete from units where uact = 'lhgh92001'`)).toMatchObject(restricted);
    // cascade: a period's products go with it; an account's sessions and tokens go with it.
    await fresh.db.execute(sql`insert into periods (year, name, start_date, end_date, enrol_start, enrol_end, pay_deadline, created_at)
      values (1998, '1998', '1998-01-01', '1998-12-31', '1998-01-01', '1998-12-31', '1998-12-31', now())`);
    await fresh.db.execute(
      sql`insert into products (period_id, code, name, rate_fen) values ((select id from periods where year = 1998), '01', 'x', 100)`,
    );
    await fresh.db.execute(sql`delete from periods where year = 1998`);
    expect(await rows(fresh.db, sql`select code from products where name = 'x'`)).toEqual([]);
    await fresh.db.execute(
      sql`insert into sessions (id, account_id, login_type, created_at, last_seen_at) values (${uuid(5)}, ${account}, 'unit', now(), now())`,
    );
    await fresh.db.execute(sql`insert into refresh_tokens (session_id, token_hash, issued_at) values (${uuid(5)}, 'cascade', now())`);
    await fresh.db.execute(sql`delete from sessions where id = ${uuid(5)}`);
    expect(await rows(fresh.db, sql`select id from refresh_tokens where token_hash = 'cascade'`)).toEqual([]);
    // An application with a coverage stays; one without goes with its lines and history; a period with
    // applications stays; a staff row that goes leaves its lines without it.
    const covered = sql.raw('(select min(application_id) from coverages)');
    expect(await refusal(fresh.db, sql`delete from applications where id = ${covered}`)).toMatchObject(restricted);
    const draft = await apply(worker(5));
    await fresh.db.execute(
      sql`insert into application_events (application_id, at, actor_kind, actor_name, to_state) values (${draft.id}, now(), 'unit', 'x', 'draft')`,
    );
    await fresh.db.execute(sql`delete from applications where id = ${draft.id}`);
    expect(await rows(fresh.db, sql`select id from application_lines where application_id = ${draft.id}`)).toEqual([]);
    expect(await rows(fresh.db, sql`select id from application_events where application_id = ${draft.id}`)).toEqual([]);
    expect(await refusal(fresh.db, sql`delete from periods where id = ${period}`)).toMatchObject(restricted);
    await fresh.db.execute(sql`update application_lines set staff_id = ${staffOf(0)} where id = ${line}`);
    await fresh.db.execute(sql`delete from staff where id = ${staffOf(0)}`);
    expect(await rows(fresh.db, sql`select staff_id from application_lines where id = ${line}`)).toEqual([{ staff_id: null }]);
    // A batch's staged rows go with it.
    await fresh.db.execute(
      sql`insert into import_rows (batch_id, row_no, cert_no, name) values (${uuid(20)}, 1, '430102198503150022', 'x')`,
    );
    await fresh.db.execute(sql`delete from import_batches where id = ${uuid(20)}`);
    expect(await rows(fresh.db, sql`select row_no from import_rows`)).toEqual([]);
  });
});
