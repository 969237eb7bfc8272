#!/usr/bin/env node
/**
 * Bundle budget of the portal (checked in CI). Reads the Vite manifest of a production build
 * and sums, for each first screen, the gzip size of every JS and CSS file it loads before it can
 * paint: the entry's static imports plus the screen's route chunks and their static imports.
 * Dynamic imports (other pages, dialogs opened later) are not counted. gzip level 9 through
 * zlib.gzipSync is deterministic, so the figures are comparable between runs.
 *
 *   node apps/web/scripts/bundle-budget.mjs [--json]
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

/** Budgets in KB (1 KB = 1024 bytes) of gzip JS + CSS. */
const SCREENS = [
  { name: '登录页 /gatePage (gateway)', budgetKb: 160, routes: ['src/features/auth/pages/GatePage.tsx'] },
  {
    name: '登录后首屏 /Home (antd shell + layout + home)',
    budgetKb: 300,
    routes: ['src/app/AntdShell.tsx', 'src/layout/MainLayout.tsx', 'src/features/home/HomePage.tsx'],
  },
];

if (!existsSync(manifestPath)) {
  console.error(`找不到 ${manifestPath}：请先运行 npm run build -w apps/web`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('manifest 中没有入口（isEntry）');
  process.exit(2);
}

/** Files a chunk needs before it runs: itself, its CSS, and the same for its static imports. */
function staticClosure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest 中没有 ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
let over = false;
const report = [];

for (const screen of SCREENS) {
  const files = [...staticClosure([entryKey, ...screen.routes])].filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const sizes = files.map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const js = sizes.filter((s) => s.file.endsWith('.js')).reduce((sum, s) => sum + s.gzip, 0);
  const css = sizes.filter((s) => s.file.endsWith('.css')).reduce((sum, s) => sum + s.gzip, 0);
  const total = js + css;
  const ok = total <= screen.budgetKb * 1024;
  over ||= !ok;
  report.push({
    screen: screen.name,
    files: sizes.length,
    jsKb: +kb(js),
    cssKb: +kb(css),
    totalKb: +kb(total),
    budgetKb: screen.budgetKb,
    ok,
  });
  if (!process.argv.includes('--json')) {
    console.log(
      `\n${ok ? '✓' : '✗'} ${screen.name}: ${kb(total)} KB gzip（JS ${kb(js)} + CSS ${kb(css)}），预算 ${screen.budgetKb} KB，${sizes.length} 个文件`,
    );
    for (const { file, gzip } of sizes.slice(0, 8)) console.log(`    ${kb(gzip).padStart(7)} KB  ${file}`);
    if (sizes.length > 8) console.log(`    …另有 ${sizes.length - 8} 个文件`);
  }
}

if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
if (over) {
  console.error('\n超出包体预算');
  process.exit(1);
}
