/**
 * Chunk groups for the two first screens: what the gateway (/gatePage) and the signed-in shell
 * with /Home import statically is cut into a few chunks by who needs it, not into one small
 * shared chunk per combination of pages (the automatic split made 33 chunks for /Home's first
 * screen, 23 of them under 1 KB). Over HTTP/1.1 a browser opens six connections to the server:
 * each request waits a round trip for a free one, so on a phone on slow 4G the count of requests
 * cost more than their bytes (docs/decisions.md, "The first screens come in a few chunks").
 *
 * - `first-core`: needed by both first screens (session storage, the request client, the
 *   contracts, react-query, the icons both use...): every page loads it.
 * - `first-shell`: needed by the signed-in shell (MainLayout) or by /Home, and not by the gateway.
 *   Every signed-in page renders inside MainLayout, so its share costs them nothing more; /Home's
 *   own share is small and /Home is where a login lands.
 * - `first-gate`: needed by the gateway alone (its form, captcha and notices).
 *
 * The sets are the static-import closures of the entry points below, computed once the module
 * graph is known (`buildEnd`); the vendor groups (higher priority) keep react, the router and
 * antd-core in their own chunks. Dynamic imports are not followed: what a screen loads later
 * (the sidebar menu when idle, the charts near the viewport, other pages) stays in its own chunks.
 */
import path from 'node:path';

/** Where the build writes which group chunk took each of the portal's modules (relative to dist). */
export const MERGED_FILE = '.vite/merged-modules.json';
const GROUPS = ['first-core', 'first-shell', 'first-gate'];
/** The meta tag of index.html listing each first screen's further files (read by src/boot.ts). */
export const FIRST_SCREENS_META = 'hall-first-screens';

/** More static imports than this make a package's module a barrel (antd's index has 80, the icons' 800). */
const BARREL = 40;

const MAIN = 'src/main.tsx';
const GATEWAY = [MAIN, 'src/features/auth/pages/GatePage.tsx'];
const SIGNED_IN = [MAIN, 'src/app/AntdShell.tsx', 'src/layout/MainLayout.tsx', 'src/features/home/HomePage.tsx'];

/**
 * @param {string} dir the portal's directory (apps/web)
 * @returns {{ plugin: import('vite').Plugin, groups: Array<{ name: string, test: (id: string) => boolean, priority: number }> }}
 */
export function firstScreenChunks(dir) {
  const root = path.resolve(dir);
  const core = new Set();
  const shell = new Set();
  const gate = new Set();
  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'hall-first-screen-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (entries) => {
        const seen = new Set();
        const stack = entries.map((e) => path.resolve(root, e));
        while (stack.length) {
          const id = stack.pop();
          if (seen.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          // Not through a package's barrel (antd's index, the icons' index): it imports the
          // whole package, of which the bundle keeps only what the app uses. What is used is
          // reached anyway: a group takes its modules' dependencies with it, tree-shaken.
          if (info.importedIds.length > BARREL && id.includes('/node_modules/')) continue;
          seen.add(id);
          stack.push(...info.importedIds);
        }
        return seen;
      };
      const gateway = closure(GATEWAY);
      const signedIn = closure(SIGNED_IN);
      if (gateway.size < 10 || signedIn.size < 10) this.error('first-screen-chunks: an entry point is not in the module graph');
      for (const id of signedIn) (gateway.has(id) ? core : shell).add(id);
      for (const id of gateway) if (!signedIn.has(id)) gate.add(id);
    },
    // The manifest names a chunk by its first module; a module merged into a group chunk has no
    // key of its own there. This map gives the group's key for each of them (manifest.mjs reads it).
    generateBundle(_options, bundle) {
      const merged = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !GROUPS.includes(chunk.name)) continue;
        for (const id of chunk.moduleIds)
          if (id.startsWith(`${root}/`)) merged[path.relative(root, id)] = `_${path.basename(chunk.fileName)}`;
      }
      this.emitFile({ type: 'asset', fileName: MERGED_FILE, source: JSON.stringify(merged, null, 1) });
    },
    // src/boot.ts imports the app after the first paint: its chunks are fetched from the start
    // through these links, at low priority (the boot screen paints without them: HTML and
    // stylesheets first); its stylesheets (the boot screen's among them) block the first paint
    // as an entry's do.
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const main = path.resolve(root, MAIN);
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const start = chunks.find((c) => c.moduleIds.includes(main));
        if (!start) throw new Error('first-screen-chunks: no chunk holds src/main.tsx');
        const files = new Set();
        const css = new Set();
        const visit = (chunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const file of chunk.imports) visit(bundle[file]);
        };
        visit(start);
        // What each first screen loads besides the app's own chunks (its page, the shell, antd):
        // src/boot.ts preloads one of the two lists, by whether a session is stored, as the app
        // starts, instead of a round trip later when the router asks for the page.
        const screen = (module) => {
          const id = path.resolve(root, module);
          const holder = chunks.find((c) => c.moduleIds.includes(id));
          if (!holder) throw new Error(`first-screen-chunks: no chunk holds ${module}`);
          const more = new Set();
          const walk = (chunk) => {
            if (files.has(chunk.fileName) || more.has(`/${chunk.fileName}`)) return;
            more.add(`/${chunk.fileName}`);
            for (const file of chunk.viteMetadata?.importedCss ?? []) if (!css.has(file)) more.add(`/${file}`);
            for (const file of chunk.imports) walk(bundle[file]);
          };
          walk(holder);
          return [...more].join(' ');
        };
        const link = (rel, file, more = {}) => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}`, ...more },
          injectTo: 'head',
        });
        const tags = [
          ...[...files].map((f) => link('modulepreload', f, { fetchpriority: 'low' })),
          ...[...css].map((f) => link('stylesheet', f)),
          {
            tag: 'meta',
            attrs: { name: FIRST_SCREENS_META, 'data-shell': screen(SIGNED_IN.at(-1)), 'data-gate': screen(GATEWAY.at(-1)) },
            injectTo: 'head',
          },
        ];
        return tags.filter((t) => t.tag !== 'link' || !html.includes(`href="${t.attrs.href}"`));
      },
    },
  };
  const groups = [
    // The helper Vite's dynamic imports call, alone: the entry imports it statically and would
    // otherwise run the group holding it before the first paint.
    { name: 'preload-helper', test: (id) => id.includes('vite/preload-helper'), priority: 40 },
    { name: 'first-core', test: (id) => core.has(id), priority: 15 },
    { name: 'first-shell', test: (id) => shell.has(id), priority: 14 },
    { name: 'first-gate', test: (id) => gate.has(id), priority: 14 },
  ];
  return { plugin, groups };
}
