/**
 * First start and restart of the hall's compiled server, as the deployment notes run it
 * (`node --enable-source-maps apps/server/dist/server.js`, built once before the first round):
 * on the embedded database (a fresh data directory: PGlite's initdb, the migrations, the demo
 * city's seed; then again on it), and, with BENCH_PG_ADMIN, on PostgreSQL as production runs
 * (a fresh database: the migrations; then a restart on it). Per start: seconds from the spawn to
 * the first answer of /healthz, the banner's own figure (已启动（N 秒）: from opening the database to
 * listening), and the CPU seconds of the process at the first answer, the figure that holds when
 * other work shares the machine, which wall time does not. The load average before and after
 * each start is printed with it. BENCH_VIA_NPM=1 starts through `npm start` instead (npm's own
 * start costs about 0.8 s: the reason the deployment runs node itself).
 *
 *   BENCH_ROUNDS     fresh directories (databases) to start on (default 3)
 *   BENCH_PG_ADMIN   a PostgreSQL connection string allowed to create databases
 *                    (e.g. postgres://postgres@127.0.0.1:5432/test); unset: the embedded database only
 *
 * Never part of `npm test`; not a timed assertion anywhere.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { result } from './measure';
import { treeCpu } from './lib/proc';
import { BENCH_TOKEN_SECRET, repoRoot } from './lib/server';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS) || 3);
const PG_ADMIN = process.env.BENCH_PG_ADMIN;
const VIA_NPM = process.env.BENCH_VIA_NPM === '1';
/** Targets on a 2-core machine with nothing else running (README: the figures it states). */
const FIRST_TARGET_S = 15;
const RESTART_TARGET_S = 1.5;

interface Start {
  wallS: number;
  bannerS: number | null;
  cpuS: number;
  loadBefore: number;
  loadAfter: number;
}

const load = () => os.loadavg()[0];

/** The settings of a start: the embedded database in a data directory, or PostgreSQL as production runs it. */
const embedded = (dataDir: string) => ({ HALL_DATA_DIR: dataDir });
const postgres = (databaseUrl: string, dataDir: string) => ({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  HALL_TOKEN_SECRET: BENCH_TOKEN_SECRET,
  HALL_DATA_DIR: dataDir,
});

async function startOnce(settings: Record<string, string>): Promise<Start> {
  const port = 19900 + Math.floor(Math.random() * 90);
  const loadBefore = load();
  const started = performance.now();
  const [command, args] = VIA_NPM
    ? ['npm', ['start', '--silent']]
    : [process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js']];
  // Its own process group, so the stop reaches npm and node together.
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, HALL_SKIP_WEB_BUILD: '1', ...settings, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > 300_000) throw new Error('no answer within 300 s');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const wallS = (performance.now() - started) / 1000;
    const cpuS = treeCpu(child.pid!);
    // The banner is printed right after listen; give it a moment to arrive on the pipe.
    for (let i = 0; i < 20 && !/已启动（/.test(output); i++) await new Promise((r) => setTimeout(r, 50));
    const banner = /已启动（([\d.]+) 秒/.exec(output);
    return { wallS, bannerS: banner ? Number(banner[1]) : null, cpuS, loadBefore, loadAfter: load() };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  }
}

const fmt = (s: Start) =>
  `${s.wallS.toFixed(2)} s to the first answer (banner ${s.bannerS?.toFixed(1) ?? '—'} s), CPU ${s.cpuS.toFixed(2)} s, load ${s.loadBefore.toFixed(1)} → ${s.loadAfter.toFixed(1)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The rounds of one database kind: a first start on a fresh one, then a restart on it. */
async function rounds(kind: string, fresh: (round: number) => Promise<{ settings: Record<string, string>; cleanUp(): Promise<void> }>) {
  const firsts: Start[] = [];
  const laters: Start[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const { settings, cleanUp } = await fresh(round);
    try {
      const first = await startOnce(settings);
      console.log(`${kind} round ${round} first start: ${fmt(first)}`);
      const later = await startOnce(settings);
      console.log(`${kind} round ${round} restart: ${fmt(later)}`);
      firsts.push(first);
      laters.push(later);
    } finally {
      await cleanUp();
    }
  }
  const first = median(firsts.map((s) => s.wallS));
  const later = median(laters.map((s) => s.wallS));
  const firstCpu = median(firsts.map((s) => s.cpuS));
  const laterCpu = median(laters.map((s) => s.cpuS));
  const quiet = Math.max(...firsts.map((s) => s.loadBefore), ...laters.map((s) => s.loadBefore)) < 1.5;
  console.log(
    `${kind}, median of ${ROUNDS}: first ${first.toFixed(2)} s (CPU ${firstCpu.toFixed(2)} s), restart ${later.toFixed(2)} s (CPU ${laterCpu.toFixed(2)} s)`,
  );
  if (!quiet) console.log('the machine was busy (load ≥ 1.5): wall times are longer than on a quiet machine; CPU seconds hold');
  const cpu = 'CPU s';
  // The first start on PostgreSQL only migrates (production seeds nothing): no target of its own.
  const firstTarget = kind === 'embedded' ? FIRST_TARGET_S : undefined;
  console.log(
    result(
      `first start, ${kind}`,
      `${first.toFixed(2)} s (CPU ${firstCpu.toFixed(2)} s)`,
      firstTarget ? `≤ ${firstTarget} s` : '—',
      cpu,
      firstTarget && quiet ? first <= firstTarget : undefined,
    ),
  );
  console.log(
    result(
      `restart, ${kind}`,
      `${later.toFixed(2)} s (CPU ${laterCpu.toFixed(2)} s)`,
      `≤ ${RESTART_TARGET_S} s`,
      cpu,
      quiet ? later <= RESTART_TARGET_S : undefined,
    ),
  );
}

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'hall-first-start-'));

async function main() {
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`);
  // Built before the first round (npm start would build on its first start otherwise).
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs', '--if-stale'], { cwd: repoRoot, stdio: 'inherit' });
  await rounds('embedded', async () => {
    const dataDir = tempDir();
    return { settings: embedded(dataDir), cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }) };
  });
  if (!PG_ADMIN) return console.log('BENCH_PG_ADMIN unset: PostgreSQL not measured');
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  try {
    await rounds('PostgreSQL', async (round) => {
      const name = `hall_first_start_${process.pid}_${round}`;
      await admin.query(`create database ${name}`);
      const url = new URL(PG_ADMIN);
      url.pathname = `/${name}`;
      const dataDir = tempDir();
      return {
        settings: postgres(url.toString(), dataDir),
        cleanUp: async () => {
          rmSync(dataDir, { recursive: true, force: true });
          await admin.query(`drop database if exists ${name} with (force)`);
        },
      };
    });
  } finally {
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
