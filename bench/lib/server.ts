/**
 * Starts the hall's server as production runs it (NODE_ENV=production, PostgreSQL, the default
 * log level) in its own process, and waits for /healthz.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_TOKEN_SECRET = 'bench-secret-of-at-least-thirty-two-characters';

export interface Started {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function waitFor(url: string, child: ChildProcess, limitMs = 120_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${limitMs} ms`);
}

export async function startHall(databaseUrl: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Started> {
  const port = 19000 + Math.floor(Math.random() * 900);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hall-bench-'));
  // The compiled server, node itself: one process (its CPU is the server's), node flags pass through.
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs', '--if-stale'], { cwd: repoRoot, stdio: 'inherit' });
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HALL_TOKEN_SECRET: BENCH_TOKEN_SECRET,
      HALL_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child);
  return started(child, url, () => rmSync(dataDir, { recursive: true, force: true }));
}

/** A started server: stop() ends it with SIGTERM, waits for its exit, then cleans up after it. */
function started(child: ChildProcess, url: string, cleanUp = () => {}): Started {
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      cleanUp();
    },
  };
}

/** A bench script of its own (bare baseline servers) started with tsx, waiting for its URL. */
export async function startScript(script: string, args: string[], readyPath: string): Promise<Started> {
  const port = 19900 + Math.floor(Math.random() * 90);
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [script, String(port), ...args], {
    cwd: repoRoot,
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url + readyPath, child, 30_000);
  return started(child, url);
}
