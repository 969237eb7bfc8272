#!/usr/bin/env node
/**
 * Bundle budget of the portal (checked in CI). Reads the Vite manifest of a production build
 * and sums, for each first screen, the gzip size of every JS and CSS file it loads before it can
 * paint: the entry's static imports plus the app's chunk (src/main.tsx, imported by the entry after
 * the first paint) and the screen's route chunks, with their static imports; antd's first-screen
 * stylesheet (antd-static-styles.mjs) on every antd screen, /Home among them. The gateway's idle prefetch (antd's message module, lib/feedback.ts) is counted beside it:
 * it is not needed to paint, but a visitor of the gateway downloads it.
 *
 * Then, for every route of routes.ts (public pages, the menu of the portal layout, the transfer
 * layout), what it loads: opened directly (a reload or a link), and the part beyond the /Home
 * screen (what a click in the menu fetches after a login). Informative, no budget.
 *
 *   node apps/web/scripts/bundle-budget.mjs [--json]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANTD_STYLES_FILE } from './antd-static-styles.mjs';
import { GATE_IDLE_PREFETCH, gzipSizer, readManifest, Screen, staticClosure } from './manifest.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
// HALL_WEB_DIST: a build made elsewhere (`vite build --outDir`), as the server's setting of that name.
const dist = process.env.HALL_WEB_DIST ?? join(web, 'dist');
const json = process.argv.includes('--json');

/**
 * Budgets in KB (1 KB = 1024 bytes) of gzip JS + CSS, and of files: each request of a phone's
 * first load waits a round trip for one of six connections (first-screen-chunks.mjs).
 */
const SCREENS = [
  { name: '登录页 /gatePage (gateway)', budgetKb: 160, maxFiles: 12, routes: Screen.gate, idle: GATE_IDLE_PREFETCH },
  { name: '登录后首屏 /Home (antd shell + layout + home)', budgetKb: 300, maxFiles: 14, routes: Screen.home, antdStyles: true },
];

const read = readManifest(dist);
if (!read) {
  console.error(`找不到 ${join(dist, '.vite', 'manifest.json')}：请先运行 npm run build -w apps/web`);
  process.exit(2);
}
const { manifest, entryKey } = read;
const gzipSize = gzipSizer(dist);
const sum = (files) => files.reduce((total, file) => total + gzipSize(file), 0);
/** antd's first-screen styles made by the build (antd-static-styles.mjs), fetched with AntdShell. */
const antdStyles = readdirSync(join(dist, 'assets'))
  .filter((file) => ANTD_STYLES_FILE.test(file))
  .map((file) => `assets/${file}`);
const firstLoad = (keys, withAntdStyles = false) => [
  ...staticClosure(manifest, [entryKey, ...keys]),
  ...(withAntdStyles ? antdStyles : []),
];
const kb = (bytes) => (bytes / 1024).toFixed(1);

let over = false;
const report = { screens: [], routes: [] };

for (const screen of SCREENS) {
  const files = firstLoad(screen.routes, screen.antdStyles);
  const sizes = files.map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const js = sum(files.filter((f) => f.endsWith('.js')));
  const css = sum(files.filter((f) => f.endsWith('.css')));
  const total = js + css;
  const idleFiles = screen.idle ? staticClosure(manifest, screen.idle).filter((f) => !files.includes(f)) : [];
  const idle = sum(idleFiles);
  const ok = total <= screen.budgetKb * 1024 && sizes.length <= screen.maxFiles;
  over ||= !ok;
  report.screens.push({
    screen: screen.name,
    files: sizes.length,
    jsKb: +kb(js),
    cssKb: +kb(css),
    totalKb: +kb(total),
    budgetKb: screen.budgetKb,
    maxFiles: screen.maxFiles,
    ...(screen.idle ? { idlePrefetchKb: +kb(idle), withIdlePrefetchKb: +kb(total + idle) } : {}),
    ok,
  });
  if (json) continue;
  console.log(
    `\n${ok ? '✓' : '✗'} ${screen.name}: ${kb(total)} KB gzip（JS ${kb(js)} + CSS ${kb(css)}），预算 ${screen.budgetKb} KB，${sizes.length} 个文件（上限 ${screen.maxFiles}）`,
  );
  for (const { file, gzip } of sizes.slice(0, 8)) console.log(`    ${kb(gzip).padStart(7)} KB  ${file}`);
  if (sizes.length > 8) console.log(`    …另有 ${sizes.length - 8} 个文件`);
  if (screen.idle) {
    console.log(`    空闲时预取（antd message，不计入预算）${kb(idle)} KB，${idleFiles.length} 个文件；合计 ${kb(total + idle)} KB`);
  }
}

/**
 * The routes of routes.ts with their page modules, read from its text: `path: '…'`, then the
 * title and the page loader that follow it (an import() of a file, or the one-chunk public area
 * and archive pages).
 */
function routeTable() {
  const source = readFileSync(join(web, 'src', 'app', 'routes.ts'), 'utf8');
  const moduleKey = (specifier) => {
    const base = posix.join('src/app', specifier);
    const found = ['.tsx', '.ts'].map((ext) => base + ext).find((key) => existsSync(join(web, key)));
    if (!found) throw new Error(`routes.ts: 找不到 ${specifier}`);
    return found;
  };
  const shared = { publicArea: moduleKey('./public-pages'), archivePage: moduleKey('../features/archive/pages') };
  const sections = [
    ['public', source.indexOf('export const publicRoutes')],
    ['layout', source.indexOf('export const layoutRoutes')],
    ['transfer', source.indexOf('export const transferRoutes')],
  ].sort((a, b) => a[1] - b[1]);
  const routes = [];
  sections.forEach(([area, start], i) => {
    if (start < 0) throw new Error(`routes.ts: 找不到 ${area} 路由表`);
    const text = source.slice(start, sections[i + 1]?.[1] ?? source.length);
    const pattern = /path: '([^']+)'[\s\S]*?title: '([^']+)'[\s\S]*?page: (?:\(\) => import\('([^']+)'\)|(publicArea|archivePage)\()/g;
    for (const [, path, title, specifier, loader] of text.matchAll(pattern)) {
      routes.push({ area, path, title, page: specifier ? moduleKey(specifier) : shared[loader] });
    }
  });
  return routes;
}

const SHELLS = {
  public: ['src/app/AntdShell.tsx'],
  layout: Screen.portal,
  transfer: ['src/app/AntdShell.tsx', 'src/layout/TransferLayout.tsx'],
};
const homeFiles = new Set(firstLoad(Screen.home, true));
const rows = routeTable().map((route) => {
  const shell = route.path === '/gatePage' ? [] : SHELLS[route.area];
  const files = firstLoad([...shell, route.page], shell.length > 0);
  return {
    area: route.area,
    path: route.path,
    title: route.title,
    directKb: +kb(sum(files)),
    afterHomeKb: route.area === 'public' ? null : +kb(sum(files.filter((file) => !homeFiles.has(file)))),
  };
});
report.routes = rows;

if (json) console.log(JSON.stringify(report, null, 2));
else {
  console.log('\n各路由加载量（KB gzip JS + CSS）：直接打开 / 从首页进入时另需');
  const AREA = { public: '公共页', layout: '门户菜单', transfer: '转移接续' };
  for (const row of rows) {
    const after = row.afterHomeKb === null ? '      —' : `+${row.afterHomeKb.toFixed(1)}`.padStart(7);
    console.log(`  ${row.directKb.toFixed(1).padStart(6)}  ${after}  ${AREA[row.area]}  ${row.path}  ${row.title}`);
  }
}
if (over) {
  console.error('\n超出包体预算');
  process.exit(1);
}
