/**
 * Reading the Vite manifest of a production build (dist/.vite/manifest.json): which files a
 * screen loads before it can paint. Shared by the bundle budget (bundle-budget.mjs) and the
 * first-screen preload written into the build (first-screen.mjs), so both count the same files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Source keys of the first screens, as the manifest names them (relative to apps/web). */
export const Screen = {
  gate: ['src/features/auth/pages/GatePage.tsx'],
  /** Every signed-in page: antd's ConfigProvider and App, then the portal layout. */
  portal: ['src/app/AntdShell.tsx', 'src/layout/MainLayout.tsx'],
  home: ['src/app/AntdShell.tsx', 'src/layout/MainLayout.tsx', 'src/features/home/HomePage.tsx'],
};

/** The gateway fetches antd's message module when idle (lib/feedback.ts prefetchFeedback). */
export const GATE_IDLE_PREFETCH = ['../../node_modules/antd/es/message/index.js'];

export function readManifest(dist) {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('manifest 中没有入口（isEntry）');
  return { manifest, entryKey };
}

/**
 * Files the chunks need before they run: each chunk, its CSS, and the same for its static
 * imports (dynamic imports are other pages and dialogs, loaded later), JS and CSS only.
 */
export function staticClosure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    // A package's module is keyed by its path from apps/web, which depends on where node_modules
    // is (hoisted or linked): found by its path inside node_modules then.
    const tail = key.replace(/^(\.\.\/)+/, '');
    const chunk = manifest[key] ?? Object.entries(manifest).find(([k]) => k.endsWith(`/${tail}`))?.[1];
    if (!chunk) throw new Error(`manifest 中没有 ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js') || file.endsWith('.css'));
}

/** gzip level 9 through zlib is deterministic, so the figures compare between runs. */
export function gzipSizer(dist) {
  const cache = new Map();
  return (file) => {
    if (!cache.has(file)) cache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return cache.get(file);
  };
}
