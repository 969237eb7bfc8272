/**
 * The load benchmark's subject and sign-ins: a fresh demo database when no city is given, the
 * unit with the most staff, captchas with a known answer, sealed logins with real tokens.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ApiPath, open } from '@hall/shared';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/db/seed/demo';
import { seedDemoBusiness } from '../../apps/server/src/db/seed/demo-business';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo-data';
import { seedDemoOrg } from '../../apps/server/src/db/seed/demo-org';
import { seedDictionaries } from '../../apps/server/src/db/seed/dictionaries';
import { sha256 } from '../../apps/server/src/lib/digest';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createFileStore } from '../../apps/server/src/lib/storage';
import { sealedRequest } from './capture';
import type { Subject } from './calls';

export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function prepareDemo(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  const filesDir = mkdtempSync(path.join(tmpdir(), 'hall-bench-files-'));
  const files = createFileStore(filesDir);
  await seedDictionaries(database.db);
  await seedDemo(database.db, systemClock, '长沙市', files);
  await seedDemoBusiness(database.db, systemClock, '长沙市', files);
  await seedDemoOrg(database.db, systemClock, '长沙市');
  await database.close();
  return {
    url,
    drop: async () => {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
      // The demo's seeded files: a run leaves nothing behind in the temp directory.
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** The unit with the most staff, its year with the most treatments, and other unit accounts for logins. */
export async function chooseSubject(db: pg.Pool) {
  const [unit] = (
    await db.query<{ uact: string; id: number; n: string }>(
      `select u.uact, u.id, count(*) as n from staff s join units u on u.id = s.unit_id
        join accounts a on a.unit_id = u.id and a.login_type = 'unit' and a.status = 'active' and not a.must_change_password
       group by u.id order by count(*) desc limit 1`,
    )
  ).rows;
  const [year] = (
    await db.query<{ y: number }>(
      `select extract(year from discharged_on)::int as y from treatments where unit_id = $1 group by 1 order by count(*) desc limit 1`,
      [unit.id],
    )
  ).rows;
  const others = (
    await db.query<{ login_name: string; password_hash: string }>(
      `select login_name, password_hash from accounts where login_type = 'unit' and status = 'active' and not must_change_password
          and login_name <> $1 order by id limit 2000`,
      [unit.uact],
    )
  ).rows;
  const subject: Subject = { uact: unit.uact, staff: Number(unit.n), year: year?.y ?? new Date().getFullYear() };
  return { subject, others };
}

/** Captchas with a known answer, written straight into the table (the production server draws its own). */
export async function captchasFor(db: pg.Pool, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await db.query(`insert into captchas (id, answer_hash, expires_at) select unnest($1::uuid[]), $2, now() + interval '1 hour'`, [
    ids,
    sha256('2468'),
  ]);
  return ids;
}

export async function login(url: string, db: pg.Pool, uact: string): Promise<string> {
  const [captchaId] = await captchasFor(db, 1);
  const sealed = sealedRequest({ uact, password: DEMO_PASSWORD, captchaId, captchaCode: '2468' });
  const res = await fetch(url + '/api' + ApiPath.unitLogin, { method: 'POST', headers: sealed.headers, body: sealed.body });
  const answer = await res.json();
  if (answer.code !== 0) throw new Error(`login of ${uact} answered ${answer.code} ${answer.message}`);
  return open<{ accessToken: string }>(answer.data).accessToken;
}

/** One call answered with code 0, or the bench stops: every figure is of calls that did their work. */
export async function expectAnswered(url: string, path: string, sealed: { body: string; headers: Record<string, string> }) {
  const res = await fetch(url + '/api' + path, { method: 'POST', headers: sealed.headers, body: sealed.body });
  const answer = await res.json();
  if (answer.code !== 0) throw new Error(`${path} answered ${answer.code} ${answer.message}`);
}
