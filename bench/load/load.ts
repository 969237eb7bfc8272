/**
 * The load benchmark (issue 11 item 3): sealed portal calls with real tokens against the hall's
 * production server on PostgreSQL, at 10 and 100 connections, each next to a bare Fastify + pg
 * server running the same SQL (bare-server.ts), started by this script in the same run.
 * Prints req/s, p50/p95/p99 and the ratio for each call, CPU per call of each server and of
 * PostgreSQL, and RESULT lines: list calls at ≥ 0.7 of the bare baseline at 100 connections,
 * the unread count's p99 ≤ 50 ms at 100 connections.
 *
 * Usage: npx tsx bench/load/load.ts
 *   DATABASE_URL   a prepared city (bench/city/generate.ts); default: a fresh database with the
 *                  demo city on postgres://postgres@127.0.0.1:5432, dropped afterwards
 *   BENCH_DURATION seconds per run (default 8), BENCH_CONNECTIONS (default "10,100"),
 *   BENCH_CALLS    names of calls to run (comma-separated; default all), BENCH_PROFILE a directory
 *                  for a CPU profile of the hall's server (bench/lib/profile-summary.ts reads it)
 *   BENCH_ROUNDS   runs of each pair (default 1; the figure is the median of 3): hall and
 *                  bare alternate which goes first, and a call's ratio and p95 are the medians
 *                  (one 8-second run moved a ratio by ±0.3)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ApiPath } from '@hall/shared';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo-data';
import { result } from '../measure';
import { startHall, startScript } from '../lib/server';
import { type Captured, captureCalls, sealedRequest } from './capture';
import { LOAD_CALLS } from './calls';
import { drive, type Run } from './drive';
import { captchasFor, chooseSubject, expectAnswered, login, prepareDemo } from './subject';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,100').split(',').map(Number);
const RATIO_TARGET = 0.7;
const only = process.env.BENCH_CALLS?.split(',');
const UNREAD_P99_TARGET = 50;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1) || 1);
/** Issue 21 item 6: at 10 connections every call answers at p95 ≤ 50 ms. */
const P95_TARGET = 50;
const P95_CONNECTIONS = 10;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

interface Pair {
  /** The round whose ratio is the median (its own p50/p99 and CPU figures are printed). */
  hall: Run;
  bare: Run;
  ratio: number;
  /** Median of the rounds' p95 of the hall's server. */
  p95: number;
  ratios: number[];
}

/** ROUNDS runs of the hall and of the bare server, taking turns to go first. */
async function measurePair(runHall: () => Promise<Run>, runBare: () => Promise<Run>): Promise<Pair> {
  const rounds: { hall: Run; bare: Run; ratio: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const hall = round % 2 === 0 ? await runHall() : undefined;
    const bare = await runBare();
    const hallRun = hall ?? (await runHall());
    rounds.push({ hall: hallRun, bare, ratio: hallRun.rps / bare.rps });
  }
  const ratios = rounds.map((r) => r.ratio);
  const mid = rounds.find((r) => r.ratio === median(ratios))!;
  return { hall: mid.hall, bare: mid.bare, ratio: mid.ratio, p95: median(rounds.map((r) => r.hall.p95)), ratios };
}

const f = (v: number, d = 1) => v.toFixed(d);
const WIDTHS = [26, 5, 9, 7, 7, 7, 9, 9, 8, 6];
const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padStart(WIDTHS[i])).join(' ');
const flagsOf = (run: Run) => (run.non2xx || run.errors ? ` (${run.non2xx} non-2xx, ${run.errors} errors)` : '');
/** One line of the table: the hall's run of a call and its ratio to the bare run. */
const runLine = (name: string, conns: number, { hall, bare, ratio, p95, ratios }: Pair) =>
  row([
    name,
    conns,
    f(hall.rps, 0),
    f(hall.p50),
    f(p95),
    f(hall.p99),
    f(hall.serverCpu, 3),
    f(hall.pgCpu, 3),
    f(bare.rps, 0),
    f(ratio, 2),
  ]) +
  (ratios.length > 1 ? ` (ratios ${ratios.map((r) => f(r, 2)).join(', ')})` : '') +
  flagsOf(hall);

async function main() {
  const prepared = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, drop: async () => undefined } : await prepareDemo();
  const database = new URL(prepared.url).pathname.slice(1);
  const admin = new pg.Pool({ connectionString: prepared.url, max: 2 });
  admin.on('error', () => undefined); // the drop at the end ends its connections
  const { subject, others } = await chooseSubject(admin);
  console.log(
    `load: unit ${subject.uact} (${subject.staff} staff), year ${subject.year}; ${DURATION} s per run, ${ROUNDS} round(s); load average ${loadavg()[0].toFixed(1)}`,
  );
  // BENCH_PROFILE=<dir>: the hall's server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  // BENCH_HALL_ENV='A=1 B=2': extra settings for the hall's server (to compare variants).
  const extra = Object.fromEntries(
    (process.env.BENCH_HALL_ENV ?? '')
      .split(' ')
      .filter(Boolean)
      .map((kv) => kv.split('=')),
  );
  const hall = await startHall(prepared.url, extra, profile);
  const tmp = mkdtempSync(path.join(tmpdir(), 'hall-load-'));
  let bare: Awaited<ReturnType<typeof startScript>> | undefined;
  try {
    const token = await login(hall.url, admin, subject.uact);
    const loginAccount = others[0];
    const captured: Captured = await captureCalls(prepared.url, LOAD_CALLS, subject, token, {
      payload: async () => ({
        uact: loginAccount.login_name,
        password: DEMO_PASSWORD,
        captchaId: (await captchasFor(admin, 1))[0],
        captchaCode: '2468',
      }),
      hash: loginAccount.password_hash,
      password: DEMO_PASSWORD,
    });
    const file = path.join(tmp, 'statements.json');
    writeFileSync(file, JSON.stringify(captured));
    if (process.env.BENCH_KEEP_STATEMENTS) writeFileSync(process.env.BENCH_KEEP_STATEMENTS, JSON.stringify(captured, null, 1));
    bare = await startScript('bench/load/bare-server.ts', [file, prepared.url], '/ready');

    // Every call once on both servers first: the first measured call must not pay for compiling the rest.
    for (const [i, call] of LOAD_CALLS.entries()) {
      const sealed = sealedRequest(call.body(subject), token);
      await autocannon({
        url: hall.url + '/api' + call.path,
        method: 'POST',
        connections: 10,
        duration: 1,
        headers: sealed.headers,
        body: sealed.body,
      });
      await autocannon({
        url: `${bare.url}/bare/${i}`,
        method: 'POST',
        connections: 10,
        duration: 1,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    }
    console.log(row(['call', 'conn', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'node ms', 'pg ms', 'bare r/s', 'ratio']));
    const results: ({ call: string; list: boolean; conns: number } & Pair)[] = [];
    for (const conns of CONNECTIONS) {
      for (const [i, call] of LOAD_CALLS.entries()) {
        if (only && !only.includes(call.name)) continue;
        const sealed = sealedRequest(call.body(subject), token);
        await expectAnswered(hall.url, call.path, sealed);
        const pair = await measurePair(
          () =>
            drive(
              {
                url: hall.url + '/api' + call.path,
                method: 'POST',
                connections: conns,
                duration: DURATION,
                headers: sealed.headers,
                body: sealed.body,
              },
              hall.pid,
              admin,
              database,
            ),
          () =>
            drive(
              {
                url: `${bare!.url}/bare/${i}`,
                method: 'POST',
                connections: conns,
                duration: DURATION,
                headers: { 'content-type': 'application/json' },
                body: '{}',
              },
              bare!.pid,
              admin,
              database,
            ),
        );
        results.push({ call: call.name, list: call.list, conns, ...pair });
        console.log(runLine(call.name, conns, pair));
        const bareRun = pair.bare;
        console.log(
          row(['  bare', '', '', f(bareRun.p50), f(bareRun.p95), f(bareRun.p99), f(bareRun.serverCpu, 3), f(bareRun.pgCpu, 3), '', '']) +
            flagsOf(bareRun),
        );
      }
      // The token must still be good after the runs: a refused call answers fast and would flatter the figures.
      await expectAnswered(hall.url, LOAD_CALLS[0].path, sealedRequest(LOAD_CALLS[0].body(subject), token));
    }
    // Logins: each request a fresh captcha and one of many unit accounts (a login supersedes the
    // account's other sessions, so accounts are not shared between parallel requests).
    for (const conns of only && !only.includes('login') ? [] : CONNECTIONS) {
      const ids = await captchasFor(admin, Math.ceil(200 * (DURATION + 1) * (conns > 10 ? 1.5 : 1)));
      let next = 0;
      const loginRequest = () => {
        const account = others[next % others.length];
        const sealed = sealedRequest({
          uact: account.login_name,
          password: DEMO_PASSWORD,
          captchaId: ids[next++ % ids.length],
          captchaCode: '2468',
        });
        return sealed.body;
      };
      const headers = sealedRequest({}).headers;
      const pair = await measurePair(
        () =>
          drive(
            {
              url: hall.url + '/api' + ApiPath.unitLogin,
              method: 'POST',
              connections: conns,
              duration: DURATION,
              headers,
              requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: loginRequest() }) }],
            },
            hall.pid,
            admin,
            database,
          ),
        () =>
          drive(
            {
              url: `${bare!.url}/bare/login`,
              method: 'POST',
              connections: conns,
              duration: DURATION,
              headers: { 'content-type': 'application/json' },
              body: '{}',
            },
            bare!.pid,
            admin,
            database,
          ),
      );
      results.push({ call: 'login', list: false, conns, ...pair });
      console.log(runLine('login', conns, pair));
    }

    const rounds = ROUNDS > 1 ? `, median of ${ROUNDS}` : '';
    for (const r of results.filter((x) => x.conns === P95_CONNECTIONS && x.list)) {
      const ok = r.p95 <= P95_TARGET && r.ratio >= RATIO_TARGET;
      console.log(
        result(
          `load ${r.call} @${P95_CONNECTIONS}`,
          `p95 ${f(r.p95)} ms, ${f(r.hall.rps, 0)} req/s`,
          `p95 ≤ ${P95_TARGET} ms, ratio ≥ ${RATIO_TARGET}`,
          `bare ${f(r.bare.rps, 0)} req/s, ratio ${f(r.ratio, 2)}${rounds}`,
          ok,
        ),
      );
    }
    const top = Math.max(...CONNECTIONS);
    for (const r of results.filter((x) => x.conns === top && top !== P95_CONNECTIONS)) {
      const ratio = r.ratio;
      console.log(
        result(
          `load ${r.call} @${top}`,
          `${f(r.hall.rps, 0)} req/s, p99 ${f(r.hall.p99)} ms`,
          r.list ? `ratio ≥ ${RATIO_TARGET}` : '—',
          `bare ${f(r.bare.rps, 0)} req/s, ratio ${f(ratio, 2)}${rounds}`,
          r.list ? ratio >= RATIO_TARGET : undefined,
        ),
      );
    }
    const unread = results.find((x) => x.call === 'unread count' && x.conns === top);
    if (unread)
      console.log(
        result(
          `load unread count p99 @${top}`,
          `${f(unread.hall.p99)} ms`,
          `≤ ${UNREAD_P99_TARGET} ms`,
          `bare p99 ${f(unread.bare.p99)} ms`,
          unread.hall.p99 <= UNREAD_P99_TARGET,
        ),
      );
  } finally {
    await bare?.stop();
    await hall.stop();
    await admin.end();
    await prepared.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
