/**
 * The soak (issue 21 item 8): a mixed load on the production server on PostgreSQL for a set time,
 * in windows; after each window the server's resident memory and the window's p99. A leak or a
 * cache that only grows shows as a slope; the target is no growth beyond the noise of the
 * windows themselves. The baseline is the run's own first measured window (ratio of the last).
 *
 * Usage: npx tsx bench/soak.ts
 *   BENCH_SOAK_MINUTES  minutes of load (default 30; 1–240)
 *   BENCH_SOAK_WINDOW   seconds per window (default 60; at least 6 windows are kept)
 *   DATABASE_URL        a prepared city (bench/city/generate.ts); default a fresh demo database
 *
 * The mix: every read call of the load benchmark (bench/load/calls.ts) in turn on 10 connections,
 * and logins (each a new session, its login log row and the previous session superseded) at a
 * steady 2 a second beside them.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { ApiPath } from '@hall/shared';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data';
import { result } from './measure';
import { startHall } from './lib/server';
import { sealedRequest } from './load/capture';
import { LOAD_CALLS } from './load/calls';
import { captchasFor, chooseSubject, expectAnswered, login, prepareDemo } from './load/subject';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const MINUTES = clamp(Number(process.env.BENCH_SOAK_MINUTES ?? 30) || 30, 1, 240);
const WINDOW_S = clamp(Number(process.env.BENCH_SOAK_WINDOW ?? 60) || 60, 5, 600);
const WINDOWS = Math.max(6, Math.round((MINUTES * 60) / WINDOW_S));
/** Windows left out of the slope: the JIT, the pools and the caches fill in the first ones. */
const WARM = Math.max(1, Math.floor(WINDOWS / 5));
const LOGINS_PER_S = 2;

interface Window {
  rssMb: number;
  p99: number;
  rps: number;
  failed: number;
}

/** Resident memory of a process in MB (VmRSS). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

/** Least-squares slope of ys over their index, and the residuals' standard deviation. */
function trend(ys: number[]): { slope: number; noise: number } {
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - mx) * (ys[i] - my);
    sxx += (i - mx) ** 2;
  }
  const slope = sxx ? sxy / sxx : 0;
  const residuals = ys.map((y, i) => y - (my + slope * (i - mx)));
  const noise = Math.sqrt(residuals.reduce((a, r) => a + r * r, 0) / Math.max(1, n - 2));
  return { slope, noise };
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  const prepared = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, drop: async () => undefined } : await prepareDemo();
  const admin = new pg.Pool({ connectionString: prepared.url, max: 2 });
  admin.on('error', () => undefined);
  const { subject, others } = await chooseSubject(admin);
  // HALL_IP_LIMIT_FACTOR: the logins all come from 127.0.0.1, the per-IP login limit is for people.
  const hall = await startHall(prepared.url, { HALL_IP_LIMIT_FACTOR: '10000' });
  console.log(
    `soak: ${MINUTES} min in ${WINDOWS} windows of ${WINDOW_S} s (first ${WARM} left out of the slope); unit ${subject.uact}; load average ${loadavg()[0].toFixed(1)}`,
  );
  const windows: Window[] = [];
  try {
    // An access token lives 10 minutes (ACCESS_TOKEN_TTL_S): each window signs in again, and every
    // call must still answer code 0 after it. An expired token answers at once with another code
    // and HTTP 200, which would pass for a fast, healthy window (it did, from minute 10 of a run).
    const signedIn = async () => {
      const token = await login(hall.url, admin, subject.uact);
      return LOAD_CALLS.map((call) => {
        const sealed = sealedRequest(call.body(subject), token);
        return { method: 'POST' as const, path: '/api' + call.path, headers: sealed.headers, body: sealed.body };
      });
    };
    const loginHeaders = sealedRequest({}).headers;
    let nextAccount = 0;
    console.log('window   rss MB   req/s   p99 ms  failed');
    for (let w = 0; w < WINDOWS; w++) {
      const requests = await signedIn();
      for (const r of requests) await expectAnswered(hall.url, r.path.slice(4), r);
      const captchas = await captchasFor(admin, Math.ceil(LOGINS_PER_S * WINDOW_S * 1.2));
      let nextCaptcha = 0;
      const latencies: number[] = [];
      const reads = autocannon({
        url: hall.url,
        connections: 10,
        duration: WINDOW_S,
        timeout: 60,
        requests,
      }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
      reads.on('response', (_c: unknown, _s: number, _b: number, ms: number) => latencies.push(ms));
      const logins = autocannon({
        url: hall.url + '/api' + ApiPath.unitLogin,
        method: 'POST',
        connections: 1,
        overallRate: LOGINS_PER_S,
        duration: WINDOW_S,
        headers: loginHeaders,
        requests: [
          {
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              body: sealedRequest({
                uact: others[nextAccount++ % others.length].login_name,
                password: DEMO_PASSWORD,
                captchaId: captchas[nextCaptcha++ % captchas.length],
                captchaCode: '2468',
              }).body,
            }),
          },
        ],
      }) as unknown as PromiseLike<autocannon.Result>;
      const [r, l] = await Promise.all([reads, logins]);
      for (const request of requests) await expectAnswered(hall.url, request.path.slice(4), request);
      const sorted = Float64Array.from(latencies).sort();
      const win: Window = {
        rssMb: rssMb(hall.pid),
        p99: percentile(sorted, 0.99),
        rps: r.requests.total / WINDOW_S,
        failed: r.non2xx + r.errors + r.timeouts + l.non2xx + l.errors + l.timeouts,
      };
      windows.push(win);
      console.log(
        `${String(w + 1).padStart(6)} ${win.rssMb.toFixed(1).padStart(8)} ${win.rps.toFixed(0).padStart(7)} ${win.p99.toFixed(1).padStart(8)} ${String(win.failed).padStart(7)}`,
      );
    }
  } finally {
    await hall.stop();
    await admin.end();
    await prepared.drop();
  }

  const kept = windows.slice(WARM);
  const rss = trend(kept.map((w) => w.rssMb));
  const p99 = trend(kept.map((w) => w.p99));
  const span = kept.length - 1;
  // Growth over the measured run, by the fitted line, against what the windows scatter by anyway
  // (twice the residuals' deviation) with a floor: 16 MB of RSS (a GC's swing), 5 ms of p99.
  const rssGrowth = rss.slope * span;
  const rssNoise = Math.max(16, 2 * rss.noise);
  const p99Growth = p99.slope * span;
  const p99Noise = Math.max(5, 2 * p99.noise);
  const perMin = 60 / WINDOW_S;
  const first = kept[0];
  const last = kept[kept.length - 1];
  const failed = windows.reduce((a, w) => a + w.failed, 0);
  console.log(
    `\nRSS: slope ${(rss.slope * perMin).toFixed(2)} MB/min, ${rssGrowth.toFixed(1)} MB over the run against noise ${rssNoise.toFixed(1)} MB; ` +
      `p99: slope ${(p99.slope * perMin).toFixed(3)} ms/min, ${p99Growth.toFixed(1)} ms against noise ${p99Noise.toFixed(1)} ms; failed ${failed}`,
  );
  console.log(
    result(
      'soak RSS growth',
      `${rssGrowth.toFixed(1)} MB over ${((span * WINDOW_S) / 60).toFixed(0)} min`,
      `≤ ${rssNoise.toFixed(1)} MB (noise)`,
      `last/first ${(last.rssMb / first.rssMb).toFixed(2)}`,
      rssGrowth <= rssNoise && failed === 0,
    ),
  );
  console.log(
    result(
      'soak p99 growth',
      `${p99Growth.toFixed(1)} ms`,
      `≤ ${p99Noise.toFixed(1)} ms (noise)`,
      `last/first ${(last.p99 / Math.max(0.1, first.p99)).toFixed(2)}`,
      p99Growth <= p99Noise && failed === 0,
    ),
  );
}

await main();
