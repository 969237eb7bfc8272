/**
 * Reading the Vite manifest of a production build (dist/.vite/manifest.json): which files a
 * screen loads before it can paint (the bundle budget, bundle-budget.mjs). The modules of the
 * first screens sit in group chunks (first-screen-chunks.mjs), found through the map the build
 * writes beside the manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MERGED_FILE } from './first-screen-chunks.mjs';

/**
 * Source keys of the first screens (relative to apps/web). The entry (src/boot.ts) imports the
 * app, src/main.tsx, after the first paint: every screen loads it.
 */
export const Screen = {
  gate: ['src/main.tsx', 'src/features/auth/pages/GatePage.tsx'],
  /** Every signed-in page: antd's ConfigProvider and App, then the portal layout. */
  portal: ['src/main.tsx', 'src/app/AntdShell.tsx', 'src/layout/MainLayout.tsx'],
  home: ['src/main.tsx', 'src/app/AntdShell.tsx', 'src/layout/MainLayout.tsx', 'src/features/home/HomePage.tsx'],
};

/** The gateway fetches antd's message module when idle (lib/feedback.ts prefetchFeedback). */
export const GATE_IDLE_PREFETCH = ['../../node_modules/antd/es/message/index.js'];

export function readManifest(dist) {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  // A module merged into a group chunk: the group's entry stands for it.
  const mergedPath = join(dist, MERGED_FILE);
  if (existsSync(mergedPath)) {
    for (const [key, group] of Object.entries(JSON.parse(readFileSync(mergedPath, 'utf8')))) manifest[key] ??= manifest[group];
  }
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
