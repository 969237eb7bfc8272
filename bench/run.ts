/**
 * `npm run bench`: every benchmark of issue 11 at one scale, each in its own process, then one
 * summary of their RESULT lines (figure, target, baseline or ratio, ok / MISSED).
 *
 *   BENCH_SCALE  1 = the full city of DESIGN.md §7 (50,000 units, 2,000,000 staff, 5,000,000
 *                settlements and treatments, 200,000 claims; imports of 100,000 and 460,000 roster
 *                rows and 1,000,000 settlements); default 0.01 for a quick run
 *   BENCH_ONLY   a comma list of steps: city, load, reports, participation, roster, settlement,
 *                reconciliation, export, restart, audit, lighthouse (default all); soak (30
 *                minutes) runs only when named
 *   BENCH_REUSE  1: use the city database of this scale if it is there (hall_city_<scale>)
 *   DATABASE_URL a city prepared beforehand (then no city step)
 * The steps take their own settings too (see each script and bench/README.md).
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { benchScale } from './measure';
import { repoRoot } from './lib/server';

const scale = benchScale(0.01);
const only = process.env.BENCH_ONLY?.split(',');
const want = (step: string) => !only || only.includes(step);
const SERVER = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cityName = `hall_city_${String(scale).replace('.', '_')}`;
const results: string[] = [];

function step(name: string, script: string, env: Record<string, string> = {}) {
  console.log(`\n=== ${name} (${script}) ===`);
  return new Promise<void>((resolve) => {
    // An empty value unsets the variable (the hall refuses an empty DATABASE_URL).
    const childEnv: NodeJS.ProcessEnv = { ...process.env, BENCH_SCALE: String(scale), ...env };
    for (const [name, value] of Object.entries(env)) if (value === '') delete childEnv[name];
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('RESULT ')) results.push(line.slice(7));
    });
    child.on('exit', (code) => {
      if (code) results.push(`${name} | exited with ${code} | — | — | MISSED`);
      resolve();
    });
  });
}

async function cityExists() {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [cityName]);
  await admin.end();
  return rows.length > 0;
}

async function main() {
  const started = Date.now();
  let cityUrl = process.env.DATABASE_URL;
  if (!cityUrl) {
    cityUrl = SERVER.replace(/\/[^/]*$/, `/${cityName}`);
    const reuse = process.env.BENCH_REUSE === '1' && (await cityExists());
    if (want('city') && !reuse) await step('city', 'bench/city/generate.ts');
    else if (reuse) console.log(`\n=== city: reusing ${cityName} ===`);
  }
  if (want('load')) await step('load', 'bench/load/load.ts', { DATABASE_URL: cityUrl });
  // The slow calls of issue 21 item 6 and the reports of issue 20, on the same city.
  if (want('reports')) await step('reports', 'bench/reports.ts', { DATABASE_URL: cityUrl });
  if (want('participation')) await step('participation figures', 'bench/participation-figures.ts', { DATABASE_URL: cityUrl });
  if (want('roster')) await step('roster import', 'bench/roster-import.ts', { DATABASE_URL: SERVER });
  if (want('settlement')) await step('settlement load', 'bench/settlement-load.ts', { DATABASE_URL: SERVER });
  if (want('reconciliation')) await step('reconciliation', 'bench/reconciliation.ts', { DATABASE_URL: SERVER });
  if (want('export')) await step('export stall', 'bench/export-stall.ts', { BENCH_ADMIN_URL: SERVER, DATABASE_URL: '' });
  if (want('restart')) await step('start and restart', 'bench/first-start.ts', { BENCH_PG_ADMIN: SERVER, DATABASE_URL: '' });
  if (want('audit')) await step('audit chain', 'bench/audit-write.ts', { BENCH_ADMIN_URL: SERVER, DATABASE_URL: '' });
  if (want('lighthouse')) await step('lighthouse', 'bench/lighthouse.ts', { DATABASE_URL: '' });
  // Half an hour by default: only when asked for by name.
  if (only?.includes('soak')) await step('soak', 'bench/soak.ts', { DATABASE_URL: cityUrl });

  console.log(`\n=== summary: scale ${scale}, ${((Date.now() - started) / 60000).toFixed(1)} min ===`);
  const cells = results.map((r) => r.split('|').map((c) => c.trim()));
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...cells.map((c) => (c[i] ?? '').length), 4));
  for (const c of cells) console.log(c.map((v, i) => (v ?? '').padEnd(widths[i])).join('  '));
  const missed = cells.filter((c) => c[4] === 'MISSED').length;
  console.log(missed ? `${missed} of ${cells.length} figures missed their target` : `all ${cells.length} figures met their target`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
