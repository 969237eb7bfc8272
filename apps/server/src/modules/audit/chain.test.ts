import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/ops-socket';
import { type Database, type Db, migrationsFolder, queryRows } from '../../db/client';
import { audit } from '../../lib/audit';
import { createTestDatabase } from '../../test/database';
import type { HallContext } from '../../types';
import { type ChainRow, chainPage } from './chain.repository';
import { chainHash, GENESIS, verifyAuditChain } from './chain.service';

/** The audit trail's hash chain (migration 0033, docs/decisions.md "The audit log is a hash chain"). */

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const AT = new Date('2026-03-02T08:00:00.123Z');

/** A log of `n` rows as the services write them: the kinds of values a row holds (nested detail, Chinese, no ip). */
async function writeRows(db: Db, n: number, from = 0) {
  for (let i = from; i < from + n; i++)
    await audit(db, new Date(AT.getTime() + i * 1000), {
      actorKind: i % 3 ? 'unit' : 'operator',
      actorKey: `unit.${i}`,
      action: i % 2 ? 'login' : 'operator',
      detail: { command: '审批', n: i, nested: { b: [1, 'x'], a: null }, note: 'a|b:c\n"引号"' },
      ...(i % 4 ? { ip: `10.0.0.${i}` } : {}),
    });
}

async function fresh(rows = 12) {
  database = await createTestDatabase();
  await writeRows(database.db, rows);
  return database.db;
}

/** One log of 12 rows for the tampering tests: each tampers inside a transaction it rolls back. */
let shared: Database;
beforeAll(async () => {
  shared = await createTestDatabase();
  await writeRows(shared.db, 12);
});
afterAll(() => shared.close());

class Undo extends Error {}
/**
 * What a superuser can do (the triggers off: session_replication_role = replica), then `check` on
 * the tampered log, then undone: the transaction is rolled back.
 */
async function tampered(tamper: (tx: Db) => Promise<unknown>, check: (tx: Db) => Promise<unknown>) {
  await shared.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tamper(tx);
      await tx.execute(sql`set local session_replication_role = origin`);
      await check(tx);
      throw new Undo();
    })
    .catch((error) => {
      if (!(error instanceof Undo)) throw error;
    });
}

const idAt = async (db: Db, seq: number) =>
  Number((await queryRows<{ id: string }>(db, sql`select id::text from audit_log where chain_seq = ${seq}`))[0]!.id);

const verifyCommand = (db: Db, flags: Record<string, string> = {}) =>
  runCommand({ db } as HallContext, { command: 'audit-verify', flags, operator: '' });

describe('the audit hash chain', () => {
  it('chains every row the services write, and audit-verify passes it with its head', async () => {
    const { db } = shared;
    const report = await verifyAuditChain(db);
    expect(report).toEqual({ rows: 12, head: { seq: 12, hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    // Node's canonical form is the database's: every stored hash recomputes.
    let prev = '0'.repeat(64);
    for (const row of await chainPage(db, 0, 100)) {
      expect(row.prev_hash).toBe(prev);
      expect(chainHash(prev, row)).toBe(row.hash);
      prev = row.hash!;
    }
    const answer = await verifyCommand(db);
    expect(answer).toEqual({ ok: true, output: expect.stringContaining(`链头：12:${report.head.hash}`) });
  });

  it('names a row a superuser changed (the append-only trigger switched off), whichever column', async () => {
    const id = await idAt(shared.db, 5);
    await tampered(
      (tx) => tx.execute(sql`update audit_log set detail = jsonb_set(detail, '{n}', '99') where id = ${id}`),
      async (tx) => {
        expect((await verifyAuditChain(tx)).problem).toMatchObject({ kind: 'changed', id, seq: 5 });
        const answer = await verifyCommand(tx);
        expect(answer).toEqual({ ok: false, usage: false, message: expect.stringContaining(`审计记录 id ${id}（链序 5）的内容被改动`) });
      },
    );
    // The time moved by a microsecond; an ip set on a row without one; the actor.
    for (const [seq, change] of [
      [3, sql`at = at + interval '1 microsecond'`],
      [1, sql`ip = '1.2.3.4'`],
      [12, sql`actor_key = 'x'`],
    ] as const)
      await tampered(
        (tx) => tx.execute(sql`update audit_log set ${change} where chain_seq = ${seq}`),
        async (tx) => expect((await verifyAuditChain(tx)).problem, String(seq)).toMatchObject({ kind: 'changed', seq }),
      );
    expect((await verifyAuditChain(shared.db)).problem).toBeUndefined();
  });

  it('names a deleted row by its place and the row after it; rows cut off the end against the noted head', async () => {
    const after = await idAt(shared.db, 8);
    await tampered(
      (tx) => tx.execute(sql`delete from audit_log where chain_seq = 7`),
      async (tx) => {
        expect((await verifyAuditChain(tx)).problem).toMatchObject({ kind: 'deleted', seq: 7, id: after });
        expect((await verifyCommand(tx)).ok).toBe(false);
      },
    );
    const anchor = (await verifyAuditChain(shared.db)).head;
    await tampered(
      (tx) => tx.execute(sql`delete from audit_log where chain_seq >= 11`),
      async (tx) =>
        expect((await verifyAuditChain(tx, anchor)).problem).toMatchObject({
          kind: 'anchor',
          seq: 11,
          message: expect.stringContaining('11…12'),
        }),
    );
  });

  it('names a row inserted out of order, even one whose hash was computed by the forger', async () => {
    const forged = (prev: string): ChainRow => ({
      id: '1000',
      seq: '13',
      at_us: String(AT.getTime() * 1000),
      actor_kind: 'operator',
      actor_key: 'ghost',
      action: 'operator',
      detail: '{"command": "补录"}',
      ip: null,
      prev_hash: prev,
      hash: null,
    });
    const insert = (tx: Db, prev: string) =>
      tx.execute(
        sql`insert into audit_log (id, chain_seq, at, actor_kind, actor_key, action, detail, ip, prev_hash, hash)
            values (1000, 13, ${AT.toISOString()}, 'operator', 'ghost', 'operator', '{"command": "补录"}', null, ${prev}, ${chainHash(prev, forged(prev))})`,
      );
    const hashAt = async (tx: Db, seq: number) =>
      (await queryRows<{ hash: string }>(tx, sql`select hash from audit_log where chain_seq = ${seq}`))[0]!.hash;
    // A forged row at the end, correctly hashed but chained to row 4 instead of the row before it.
    await tampered(
      async (tx) => insert(tx, await hashAt(tx, 4)),
      async (tx) => expect((await verifyAuditChain(tx)).problem).toMatchObject({ kind: 'out-of-order', id: 1000, seq: 13 }),
    );
  });

  it('an anchor noted earlier catches a chain recomputed from an edited row onwards', async () => {
    const anchor = (await verifyAuditChain(shared.db)).head;
    await tampered(
      async (tx) => {
        // The forger edits row 3 and recomputes every hash after it.
        await tx.execute(sql`update audit_log set actor_key = 'someone-else' where chain_seq = 3`);
        let prev = (await queryRows<{ hash: string }>(tx, sql`select hash from audit_log where chain_seq = 2`))[0]!.hash;
        for (const row of await chainPage(tx, 2, 100)) {
          const hash = chainHash(prev, row);
          await tx.execute(sql`update audit_log set prev_hash = ${prev}, hash = ${hash} where chain_seq = ${Number(row.seq)}`);
          prev = hash;
        }
      },
      async (tx) => {
        expect((await verifyAuditChain(tx)).problem).toBeUndefined();
        expect((await verifyAuditChain(tx, anchor)).problem).toMatchObject({ kind: 'anchor', seq: 12 });
        const answer = await verifyCommand(tx, { anchor: `${anchor.seq}:${anchor.hash}` });
        expect(answer).toEqual({ ok: false, usage: false, message: expect.stringContaining('锚点') });
      },
    );
    expect(await verifyCommand(shared.db, { anchor: '12:abc' })).toMatchObject({ ok: false, usage: true });
    expect(await verifyCommand(shared.db, { anchor: `${anchor.seq}:${anchor.hash}` })).toMatchObject({ ok: true });
  });

  it('names a row a superuser put in with the triggers off, outside the chain', async () => {
    await tampered(
      (tx) =>
        tx.execute(
          sql`insert into audit_log (id, at, actor_kind, actor_key, action) values (2000, now(), 'operator', 'ghost', 'operator')`,
        ),
      async (tx) => {
        expect(await verifyAuditChain(tx)).toMatchObject({ rows: 12, problem: { kind: 'unchained', id: 2000 } });
        const answer = await verifyCommand(tx);
        expect(answer).toEqual({ ok: false, usage: false, message: expect.stringContaining('审计记录 id 2000 不在链中') });
      },
    );
  });

  it('walks a chain longer than a page', async () => {
    await tampered(
      async () => undefined,
      async (tx) => {
        await tx.execute(
          sql`insert into audit_log (at, actor_kind, actor_key, action, detail)
              select now(), 'unit', 'unit.' || i, 'login', jsonb_build_object('i', i) from generate_series(1, 4500) as i`,
        );
        await writeRows(tx, 3);
        // Chained at commit; this transaction is rolled back, so it asks for its rows' chaining now.
        await tx.execute(sql`set constraints audit_log_chain immediate`);
        expect(await verifyAuditChain(tx)).toMatchObject({ rows: 4515, head: { seq: 4515 }, problem: undefined });
      },
    );
  });

  it('writers at the same time keep one chain (concurrent transactions on PostgreSQL; one writer on PGlite)', async () => {
    const db = await fresh(0);
    const url = database!.url;
    if (!url) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => writeRows(db, 1, i)));
    } else {
      // Eight connections, each a transaction that writes audit rows between other work and commits late.
      const pool = new pg.Pool({ connectionString: url, max: 8 });
      try {
        await Promise.all(
          Array.from({ length: 8 }, async (_, w) => {
            const client = await pool.connect();
            try {
              for (let round = 0; round < 3; round++) {
                await client.query('begin');
                await client.query(`insert into audit_log (at, actor_kind, actor_key, action) values (now(), 'unit', $1, 'login')`, [
                  `w${w}.${round}`,
                ]);
                await client.query('select pg_sleep(0.01)');
                await client.query(`insert into audit_log (at, actor_kind, actor_key, action) values (now(), 'unit', $1, 'logout')`, [
                  `w${w}.${round}`,
                ]);
                await client.query(w % 4 === 3 && round === 1 ? 'rollback' : 'commit');
              }
            } finally {
              client.release();
            }
          }),
        );
      } finally {
        await pool.end();
      }
    }
    const report = await verifyAuditChain(db);
    expect(report.problem).toBeUndefined();
    expect(report.rows).toBe(url ? 2 * (8 * 3 - 2) : 20);
  });
});

describe('chained at commit (migration 0038)', () => {
  const placesOf = async (db: Db, actorKey: string) =>
    (
      await queryRows<{ seq: string | null }>(
        db,
        sql`select chain_seq::text as seq from audit_log where actor_key = ${actorKey} order by id`,
      )
    ).map((r) => r.seq);
  const refused = { cause: { message: 'audit_log is append-only' } };

  it("a transaction's rows are unchained until its commit chains them in insert order; no writer changes or chains one", async () => {
    const db = await fresh(2);
    await db.transaction(async (tx) => {
      await audit(tx, AT, { actorKind: 'unit', actorKey: 'long', action: 'login' });
      // Whatever a writer sends for the chain's columns, its row starts unchained.
      await tx.execute(
        sql`insert into audit_log (at, actor_kind, actor_key, action, chain_seq, prev_hash, hash)
            values (now(), 'unit', 'long', 'logout', 1, ${GENESIS}, 'forged')`,
      );
      expect(await placesOf(tx, 'long')).toEqual([null, null]);
      // Not even its own rows before commit: a change, the chain's one move done by hand, a delete.
      for (const statement of [
        sql`update audit_log set actor_key = 'x' where actor_key = 'long'`,
        sql`update audit_log set chain_seq = 3, prev_hash = ${GENESIS}, hash = 'h' where actor_key = 'long'`,
        sql`delete from audit_log where actor_key = 'long'`,
      ])
        await expect(tx.transaction((savepoint) => savepoint.execute(statement))).rejects.toMatchObject(refused);
    });
    expect(await placesOf(db, 'long')).toEqual(['3', '4']);
    expect(await verifyAuditChain(db)).toMatchObject({ rows: 4, head: { seq: 4 }, problem: undefined });
    await expect(
      db.execute(sql`update audit_log set chain_seq = null, prev_hash = null, hash = null where chain_seq = 4`),
    ).rejects.toMatchObject(refused);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL: an open transaction's audit row holds up no other audited write; the chain follows commit order",
    async () => {
      const db = await fresh(2);
      const [long, watch] = [new pg.Client({ connectionString: database!.url }), new pg.Client({ connectionString: database!.url })];
      await Promise.all([long.connect(), watch.connect()]);
      try {
        // A clerk's import: its first audit row written, the transaction left open.
        await long.query('begin');
        await long.query(`insert into audit_log (at, actor_kind, actor_key, action) values (now(), 'operator', 'long', 'operator')`);
        const longPid = (await long.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        // A login meanwhile, on another connection: it commits at once, while a watcher checks after
        // every round trip that no backend waits on a lock (before migration 0038 the login waited
        // on the chain's lock until the import ended).
        let written = false;
        const login = audit(db, AT, { actorKind: 'unit', actorKey: 'login', action: 'login' }).finally(() => {
          written = true;
        });
        let waits = 0;
        while (!written && waits === 0)
          waits = (
            await watch.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n;
        expect(waits).toBe(0);
        await login;
        const state = await watch.query<{ state: string }>('select state from pg_stat_activity where pid = $1', [longPid]);
        expect(state.rows[0]?.state).toBe('idle in transaction');
        expect(await placesOf(db, 'login')).toEqual(['3']);
        expect(
          (await long.query<{ seq: string | null }>(`select chain_seq::text as seq from audit_log where actor_key = 'long'`)).rows,
        ).toEqual([{ seq: null }]);
        await long.query('commit');
      } finally {
        await long.query('rollback').catch(() => undefined);
        await Promise.all([long.end(), watch.end()]);
      }
      // The import's row was inserted first (its id is lower) and committed last: it is chained last.
      expect(await placesOf(db, 'long')).toEqual(['4']);
      const ids = await queryRows<{ id: string }>(
        db,
        sql`select id::text from audit_log where actor_key in ('long', 'login') order by chain_seq`,
      );
      expect(ids.map((r) => Number(r.id))).toEqual([...ids.map((r) => Number(r.id))].sort((a, b) => b - a));
      expect(await verifyAuditChain(db)).toMatchObject({ rows: 4, problem: undefined });
    },
  );
});

describe('migration 0033', () => {
  it('chains the rows written before it, in id order', async () => {
    // The migrations before the chain's, then rows, then the rest.
    const dir = await mkdtemp(path.join(tmpdir(), 'hall-mig-'));
    try {
      await cp(migrationsFolder, dir, { recursive: true });
      const journalFile = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8'));
      const chain = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('_audit_chain'));
      journal.entries = journal.entries.slice(0, chain);
      await writeFile(journalFile, JSON.stringify(journal));
      database = await createTestDatabase({ migrationsFolder: dir });
      const { db } = database;
      await db.execute(
        sql`insert into audit_log (at, actor_kind, actor_key, action, detail, ip)
            select now() - make_interval(secs => 100 - i), 'unit', 'unit.' || i, 'login', jsonb_build_object('i', i, '名', '值'),
                   case when i % 2 = 0 then '10.0.0.1' end
            from generate_series(1, 50) as i`,
      );
      await database.migrate(migrationsFolder);
      expect(await verifyAuditChain(db)).toMatchObject({ rows: 50, head: { seq: 50 } });
      await writeRows(db, 2);
      expect(await verifyAuditChain(db)).toMatchObject({ rows: 52, problem: undefined });
      const order = await queryRows<{ id: string }>(db, sql`select id::text from audit_log order by chain_seq`);
      expect(order.map((r) => Number(r.id))).toEqual([...order.map((r) => Number(r.id))].sort((a, b) => a - b));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000); // migrates from scratch: its own migrations, then the chain's
});
