/**
 * The baseline of the load benchmark: a bare Fastify + pg server that runs the same SQL as each
 * call of the hall (the statements its handler issued, captured by capture.ts, with the same
 * parameters) on a pool of the same size, and answers the last statement's rows as plain JSON.
 * No envelope, no token, no session, no validation, no ORM: what the hall adds is the difference.
 * Usage (by load.ts): tsx bench/load/bare-server.ts <port> <statements.json> <databaseUrl>
 */
import { readFileSync } from 'node:fs';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import pg from 'pg';
import type { Captured } from './capture';

const [port, file, databaseUrl] = process.argv.slice(2);
const captured: Captured = JSON.parse(readFileSync(file, 'utf8'));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = Fastify({ logger: false });

app.get('/ready', async () => ({ ok: true }));

captured.calls.forEach((call, i) => {
  app.post(`/bare/${i}`, async () => {
    let rows: unknown[] = [];
    for (const statement of call.statements) rows = (await pool.query(statement)).rows;
    return { code: 0, data: rows };
  });
});

// Login: the same reads and the same password check (argon2id of the same hash); the hall adds
// the captcha, the guards, the session and token writes.
app.post('/bare/login', async () => {
  let rows: unknown[] = [];
  for (const statement of captured.login.reads) rows = (await pool.query(statement)).rows;
  const ok = await verify(captured.login.hash, captured.login.password);
  return { code: ok ? 0 : 1, data: rows.length };
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
