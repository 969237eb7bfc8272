/**
 * Summarises a V8 .cpuprofile: self time by function and by package (node_modules/<name>, the
 * project's own files, node internals), the largest first.
 * Usage: npx tsx bench/lib/profile-summary.ts <file.cpuprofile> [top] [from-s,to-s]
 * Without a window it prints the busy share of each second first, to choose one (start-up
 * compiles code for seconds: a load's steady state is a window after it).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
const [file, topArg, windowArg] = process.argv.slice(2);
const profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const [from, to] = windowArg ? windowArg.split(',').map((v) => Number(v) * 1e6) : [0, Number.POSITIVE_INFINITY];
const self = new Map<number, number>();
const busyPerSecond: number[] = [];
let t = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  t += dt;
  const second = Math.floor(t / 1e6);
  if (!idle.has(id)) busyPerSecond[second] = (busyPerSecond[second] ?? 0) + dt;
  if (t >= from && t < to) self.set(id, (self.get(id) ?? 0) + dt);
});
if (!windowArg) console.log('busy % per second: ' + Array.from(busyPerSecond, (us, s) => `${s}:${Math.round((us ?? 0) / 1e4)}`).join(' '));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fnTotals = new Map<string, number>();
const pkgTotals = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const pkg = url.includes('node_modules/')
    ? url
        .split('node_modules/')
        .pop()!
        .split('/')
        .slice(0, url.split('node_modules/').pop()!.startsWith('@') ? 2 : 1)
        .join('/')
    : url.includes('/work/') || url.includes('/apps/') || url.includes('/packages/')
      ? 'project'
      : url
        ? 'node'
        : `(${functionName || 'native'})`;
  const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`;
  fnTotals.set(key, (fnTotals.get(key) ?? 0) + us);
  pkgTotals.set(pkg, (pkgTotals.get(pkg) ?? 0) + us);
}
const top = Number(topArg ?? 30);
const print = (title: string, m: Map<string, number>, n: number) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
};
print('by package', pkgTotals, 20);
print('by function', fnTotals, top);

// Inclusive time: each sample counts once for every distinct function on its stack (what a call
// costs with everything it calls), for the project's functions and the libraries' entry points.
const parent = new Map<number, number>();
for (const n of profile.nodes as (Node & { children?: number[] })[]) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url } = byId.get(at)!.callFrame;
    if (!functionName) continue;
    const where = url.includes('node_modules/') ? url.split('node_modules/').pop()!.split('/')[0] : url.split('/').slice(-1)[0];
    const key = `${functionName} ${where}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
print('inclusive', inclusive, top);
