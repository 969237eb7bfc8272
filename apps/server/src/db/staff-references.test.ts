import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { ManualClock } from '../lib/clock';
import { createTestDatabase } from '../test/database';
import { refusal, rows } from '../test/refusal';
import type { Database } from './client';
import { seedDemo } from './seed/demo';

/**
 * Staff's references, checked once a statement by migration 0017's triggers (docs/decisions.md, "Bulk tables check references per statement"): orphans
 * refused with the former keys' names, cascades on delete, and the staff lock between connections
 * (writers share it, a delete of a unit or a person takes it alone). Every reference of the schema
 * is listed in integrity.test.ts.
 */
describe('the staff references', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, new ManualClock(), '长沙市');
  });
  afterAll(() => database.close());

  const unit = (uact: string) => sql.raw(`(select id from units where uact = '${uact}')`);
  const missing = sql.raw('999999');
  const orphaned = (constraint: string) => ({ code: '23503', constraint });

  it('refuses an update to a missing unit or person, and does not check one that leaves them alone', async () => {
    const d = database.db;
    const anyStaff = sql.raw('(select max(id) from staff)');
    expect(await refusal(d, sql`update staff set unit_id = ${missing} where id = ${anyStaff}`)).toEqual(
      orphaned('staff_unit_id_units_id_fk'),
    );
    expect(await refusal(d, sql`update staff set person_id = ${missing} where id = ${anyStaff}`)).toEqual(
      orphaned('staff_person_id_persons_id_fk'),
    );
    expect(await refusal(d, sql`update staff set phone = '13900000006' where id = ${anyStaff}`)).toBeNull();
  });

  it('refuses a whole statement with one orphan among its rows; deletes staff rows with their unit or person', async () => {
    const d = database.db;
    await d.execute(sql`insert into units (uact, emp_name, level, created_at) values ('staffref01', '临时单位', 2, now())`);
    await d.execute(sql`insert into persons (cert_type, cert_no, name, created_at) values ('01', '430102199001010019', '某甲', now())`);
    const someone = sql.raw(`(select id from persons where cert_no = '430102199001010019')`);
    const pair = (second: SQL) =>
      sql`insert into staff (unit_id, person_id, joined_on, left_on, created_at, updated_at)
      values (${unit('staffref01')}, ${someone}, '2020-01-01', '2020-12-31', now(), now()), (${second}, ${someone}, '2021-01-01', null, now(), now())`;
    expect(await refusal(d, pair(missing))).toEqual(orphaned('staff_unit_id_units_id_fk'));
    expect(await rows(d, sql`select count(*)::int as n from staff where person_id = ${someone}`)).toEqual([{ n: 0 }]);
    // cascade, as the keys did: a unit's staff rows go with it, and a person's.
    expect(await refusal(d, pair(unit('qydw92102')))).toBeNull();
    await d.execute(sql`delete from units where uact = 'staffref01'`);
    expect(await rows(d, sql`select unit_id = ${unit('qydw92102')} as kept from staff where person_id = ${someone}`)).toEqual([
      { kept: true },
    ]);
    await d.execute(sql`delete from persons where cert_no = '430102199001010019'`);
    expect(await rows(d, sql`select count(*)::int as n from staff where person_id not in (select id from persons)`)).toEqual([{ n: 0 }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the staff references between connections (PostgreSQL)', () => {
  let database: Database;
  let clients: pg.Client[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, new ManualClock(), '长沙市');
    const [{ name }] = await rows(database.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    clients = [0, 1, 2].map(() => new pg.Client({ connectionString: url.toString() }));
    await Promise.all(clients.map((c) => c.connect()));
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await database.close();
  });

  const person = (certNo: string, name: string) =>
    database.db.execute(sql`insert into persons (cert_type, cert_no, name, created_at) values ('01', ${certNo}, ${name}, now())`);
  const employ = (client: pg.Client, uact: string, certNo: string) =>
    client.query(`insert into staff (unit_id, person_id, joined_on, created_at, updated_at)
      select u.id, p.id, '2026-01-01', now(), now() from units u, persons p where u.uact = '${uact}' and p.cert_no = '${certNo}'`);

  it('two units write staff at once: neither waits for the other', async () => {
    const [a, b] = clients;
    await person('430102199001010046', '某乙');
    await person('430102199001010054', '某丙');
    await a.query('begin');
    await employ(a, 'qydw92101', '430102199001010046');
    // a holds the staff lock (shared) until it ends; b's insert and commit finish meanwhile.
    await b.query('begin');
    await employ(b, 'qydw92102', '430102199001010054');
    await b.query('commit');
    await a.query('commit');
    expect(
      await rows(
        database.db,
        sql`select count(*)::int as n from staff s join persons p on p.id = s.person_id
      where p.cert_no in ('430102199001010046', '430102199001010054')`,
      ),
    ).toEqual([{ n: 2 }]);
  });

  it('a delete of a person waits for a writer of its staff row, then deletes that row with the person', async () => {
    const [writer, deleter, watcher] = clients;
    await person('430102199001010062', '某丁');
    await writer.query('begin');
    await employ(writer, 'qydw92101', '430102199001010062');
    const deleting = deleter.query(`delete from persons where cert_no = '430102199001010062'`);
    // The delete has run and waits on the staff lock the writer holds (a state, not a pause).
    for (let waiting = false; !waiting; )
      waiting = (await watcher.query(`select 1 from pg_locks where locktype = 'advisory' and not granted`)).rowCount === 1;
    await writer.query('commit');
    expect((await deleting).rowCount).toBe(1);
    expect(await rows(database.db, sql`select count(*)::int as n from staff where person_id not in (select id from persons)`)).toEqual([
      { n: 0 },
    ]);
  });
});
