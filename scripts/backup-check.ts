/**
 * The backup round trip of the demo city (issue 21 item 4), run by scripts/smoke.ts on the server
 * it started (PGlite, or PostgreSQL under DATABASE_URL): `ops backup` while the server runs, `ops
 * restore` into an empty target (a new data directory, or a new database on the same PostgreSQL),
 * which compares every table's rows and every file's SHA-256 with the backup's manifest, then
 * `ops audit-verify` on the restored database: the audit chain came through whole.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/** `npm run ops -- …` as an operator runs it, on the database the environment names. */
async function ops(env: NodeJS.ProcessEnv, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/ops.js'), ...args], { env });
    return stdout.trim();
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`ops ${args[0]} failed: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

async function onAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function backupRoundTrip(source: { dataDir: string; databaseUrl?: string }) {
  const started = Date.now();
  const scratch = mkdtempSync(path.join(tmpdir(), 'hall-backup-'));
  const dir = path.join(scratch, 'backup');
  const base = { ...process.env, LOG_LEVEL: 'silent', HALL_OPERATOR: 'ops-admin' };
  const sourceEnv = { ...base, HALL_DATA_DIR: source.dataDir, ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}) };
  let restoredUrl: string | undefined;
  try {
    console.log(`backup: ${(await ops(sourceEnv, 'backup', '--to', dir)).split('\n')[0]}`);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
      counts: Record<string, number>;
      files: unknown[];
    };
    if (!manifest.counts['public.units'] || manifest.files.length === 0) throw new Error('the backup holds no units or no files');

    const targetEnv: NodeJS.ProcessEnv = { ...base, HALL_DATA_DIR: path.join(scratch, 'restored') };
    if (source.databaseUrl) {
      const url = new URL(source.databaseUrl);
      const name = `${url.pathname.slice(1)}_restored`;
      await onAdmin(source.databaseUrl, `create database ${name}`);
      url.pathname = `/${name}`;
      restoredUrl = url.toString();
      targetEnv.DATABASE_URL = restoredUrl;
    }
    console.log(`restore: ${await ops(targetEnv, 'restore', '--from', dir)}`);
    console.log(`restored ${(await ops(targetEnv, 'audit-verify')).split('\n')[0]}`);
    console.log(`backup round trip: ${Date.now() - started} ms`);
  } finally {
    if (restoredUrl && source.databaseUrl)
      await onAdmin(source.databaseUrl, `drop database if exists ${new URL(restoredUrl).pathname.slice(1)} with (force)`);
    rmSync(scratch, { recursive: true, force: true });
  }
}
