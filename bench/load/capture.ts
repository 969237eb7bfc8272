/**
 * What SQL each benchmarked call runs: the hall is built in this process on the same database,
 * each call is made once with a real token, and the statements its handler issues (after the auth
 * hook, before the answer) are recorded with their parameters. The bare baseline replays them.
 * This is a fresh node's first call: what the node keeps (the periods, a unit's chart totals, the
 * unread counts) is read here and replayed by the bare server on every call, so a cache's saving
 * counts to the hall, as it does for the database it spares.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CHANNEL, open, PROTOCOL_HEADER, PROTOCOL_VERSION, seal } from '@hall/shared';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createFileStore } from '../../apps/server/src/lib/storage';
import type { LoadCall, Subject } from './calls';
import { BENCH_TOKEN_SECRET } from '../lib/server';

export interface Statement {
  text: string;
  values?: unknown[];
  name?: string;
}

export interface Captured {
  calls: { name: string; statements: Statement[] }[];
  login: { reads: Statement[]; hash: string; password: string };
}

let recording: Statement[] | undefined;
const original = pg.Client.prototype.query;
// biome-ignore lint/suspicious/noExplicitAny: pg's overloads; the recorder only reads the config
(pg.Client.prototype as any).query = function (this: pg.Client, config: any, ...rest: any[]) {
  if (recording && config && typeof config === 'object' && typeof config.text === 'string') {
    // Drizzle passes the parameters beside the config ({text, rowMode}, params), pg's own callers inside it.
    const values = config.values ?? (Array.isArray(rest[0]) ? rest[0] : undefined);
    recording.push({ text: config.text, values, ...(config.name ? { name: config.name } : {}) });
  } else if (recording && typeof config === 'string') {
    recording.push({ text: config, values: Array.isArray(rest[0]) ? rest[0] : undefined });
  }
  // biome-ignore lint/suspicious/noExplicitAny: see above
  return (original as any).call(this, config, ...rest);
};

export interface Sealed {
  body: string;
  headers: Record<string, string>;
}

export const sealedRequest = (payload: unknown, token?: string): Sealed => ({
  body: JSON.stringify({ data: seal(payload), channel: CHANNEL }),
  headers: {
    'content-type': 'application/json',
    [PROTOCOL_HEADER]: PROTOCOL_VERSION,
    ...(token ? { authorization: token } : {}),
  },
});

export async function captureCalls(
  databaseUrl: string,
  calls: LoadCall[],
  subject: Subject,
  token: string,
  login: { payload: () => Promise<unknown>; hash: string; password: string },
): Promise<Captured> {
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const dir = mkdtempSync(path.join(tmpdir(), 'hall-capture-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    HALL_TOKEN_SECRET: BENCH_TOKEN_SECRET,
    HALL_DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    HALL_WEB_DIST: '/nonexistent',
    HALL_CONSOLE_DIST: '/nonexistent',
  });
  const app = await buildApp({ config, db: database.db, files: createFileStore(path.join(dir, 'files')), clock: systemClock });
  let window: Statement[] = [];
  app.addHook('preHandler', async () => {
    window = [];
    recording = window;
  });
  app.addHook('onSend', async () => {
    recording = undefined;
  });
  const inject = async (url: string, sealed: Sealed) => {
    const res = await app.inject({ method: 'POST', url: config.basePath + url, headers: sealed.headers, payload: sealed.body });
    const answer = JSON.parse(res.body);
    if (answer.code !== 0) throw new Error(`${url} answered ${answer.code} ${answer.message}`);
    return answer.data ? open(answer.data) : undefined;
  };
  const captured: Captured = { calls: [], login: { reads: [], hash: login.hash, password: login.password } };
  for (const call of calls) {
    await inject(call.path, sealedRequest(call.body(subject), token));
    captured.calls.push({ name: call.name, statements: window });
  }
  const { ApiPath } = await import('@hall/shared');
  await inject(ApiPath.unitLogin, sealedRequest(await login.payload()));
  captured.login.reads = window.filter((s) => /^\s*select/i.test(s.text) && !/for update/i.test(s.text));
  await app.close();
  await database.close();
  return captured;
}
