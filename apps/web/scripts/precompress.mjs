#!/usr/bin/env node
/**
 * Precompresses the built portal: next to every text file of dist/ (JS, CSS, HTML, SVG, JSON)
 * of at least 1 KB it writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9),
 * kept only when smaller than the original. The server (apps/server/src/plugins/web.ts) picks
 * one by the request's Accept-Encoding. Run by the Vite build (vite.config.ts); by hand:
 *
 *   node apps/web/scripts/precompress.mjs [dist dir]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is for the build tools only
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Compresses the files of `dir`; answers the totals (bytes) for a one-line report. */
export function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  for (const file of walk(dir)) {
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(file + '.br', br);
    if (gz.length < raw.length) writeFileSync(file + '.gz', gz);
    totals.files += 1;
    totals.raw += raw.length;
    totals.br += Math.min(br.length, raw.length);
    totals.gzip += Math.min(gz.length, raw.length);
  }
  return totals;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(fileURLToPath(new URL('..', import.meta.url)), 'dist'));
  const t = precompress(dir);
  const kb = (n) => (n / 1024).toFixed(0);
  console.log(`precompressed ${t.files} files: ${kb(t.raw)} KB → br ${kb(t.br)} KB, gzip ${kb(t.gzip)} KB`);
}
