import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyles } from './scripts/antd-static-styles.mjs';
import { contractWires } from './scripts/contract-wires.mjs';
import { firstScreenChunks } from './scripts/first-screen-chunks.mjs';
import { precompress } from './scripts/precompress.mjs';

// The city reaches the page title through the build-time env (index.html %VITE_CITY_NAME%
// and import.meta.env); a default here keeps a bare `vite build` correct.
process.env.VITE_CITY_NAME ||= '长沙市';

const apiTarget = process.env.HALL_API_TARGET || 'http://127.0.0.1:8080';

/**
 * Vendor groups that change rarely get their own chunks so a redeploy of the portal code keeps
 * them cached. antd is NOT one big group: the gateway needs only its form pieces, the layout its
 * menu pieces, and automatic splitting keeps each route's share small (bundle budget, R6).
 * antd-core is the part every screen needs (config provider, theme and style engine, button,
 * space, their rc utilities): as one chunk, new lazy pages no longer cut it into ever smaller
 * shared chunks on the first screens (docs/decisions.md, "Bundle budgets hold the first screens").
 */
const vendorGroups = [
  { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router-vendor', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 25 },
  // The envelope's AES: src/boot.ts runs it in a task of its own (src/warm-cipher.ts).
  { name: 'cipher-vendor', test: /node_modules[\\/]@noble[\\/]|src[\\/]warm-cipher\.ts$/, priority: 30 },
  {
    name: 'antd-core',
    test: /node_modules[\\/](antd[\\/]es[\\/](_util|config-provider|theme|style|locale|space|button|wave)[\\/]|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)[\\/]|@rc-component[\\/](util|context|motion|resize-observer)[\\/]|@babel[\\/]runtime|classnames|stylis|@emotion)/,
    priority: 20,
  },
];

/** Writes .br and .gz next to the built files; the server sends them by Accept-Encoding. */
const precompressDist = (): Plugin => {
  let outDir = '';
  return {
    name: 'hall-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const t = precompress(outDir);
        const kb = (n: number) => (n / 1024).toFixed(0);
        this.info(`precompressed ${t.files} files: ${kb(t.raw)} KB → br ${kb(t.br)} KB, gzip ${kb(t.gzip)} KB`);
      },
    },
  };
};

const firstScreens = firstScreenChunks(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  plugins: [react(), contractWires(), antdStaticStyles(), firstScreens.plugin, precompressDist()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    manifest: true,
    // index.html preloads every static import of the entry. A lazy page preloads only its
    // stylesheets with it (so it never paints unstyled); its JS imports load as the browser reads
    // the page's chunk. The list of every page's JS dependencies otherwise sits in the entry chunk
    // of the first screen (2 KB gzip and growing with each page). Preloading the first screens'
    // whole import trees with them was tried: the phone's Lighthouse score fell (/Home 80 → 68,
    // /gatePage 93 → 86), the modules arriving at once ran as one long task (docs/performance.md).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [...vendorGroups, ...firstScreens.groups] },
      },
    },
  },
});
