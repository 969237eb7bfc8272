/**
 * antd's styles of the signed-in first screen as a stylesheet made at build time. antd 6 computes
 * every component's CSS in the browser at its first render (its CSS-in-JS engine): on a phone a
 * large part of /Home's first render (docs/performance.md). This plugin renders those components
 * once in Node (src/app/antd-first-screen.tsx), writes their CSS to
 * assets/antd-first-screen-<hash>.css and gives its address to the portal as
 * import.meta.env.HALL_ANTD_STYLES; lib/antd-styles.ts puts it in the page before the first antd
 * render, and the engine skips what the file's map lists. Build only: in the dev server and the
 * tests the address is absent and the engine computes everything, as before.
 */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Name pattern of the file in dist/assets (the bundle budget counts it on the signed-in first screen). */
export const ANTD_STYLES_FILE = /^antd-first-screen-[0-9a-f]{8}\.css$/;

/** @returns {import('vite').Plugin} */
export function antdStaticStyles() {
  let file = null;
  let css = '';
  return {
    name: 'hall-antd-static-styles',
    apply: 'build',
    async config(config) {
      // antd names its classes css-dev-only-… outside production: the file must use the browser's names.
      process.env.NODE_ENV = 'production';
      const { runnerImport } = await import('vite');
      const { module } = await runnerImport(join(web, 'src/app/antd-first-screen.tsx'), {
        configFile: false,
        root: web,
        logLevel: 'error',
      });
      css = module.firstScreenCss();
      // The map token antd derived in that render: the portal uses it instead of deriving it
      // again at its first render (src/app/antd-algorithm.ts).
      const mapToken = module.firstScreenMapToken();
      const hash = createHash('sha256').update(css).digest('hex').slice(0, 8);
      file = `assets/antd-first-screen-${hash}.css`;
      return {
        define: {
          'import.meta.env.HALL_ANTD_STYLES': JSON.stringify(`${config.base ?? '/'}${file}`),
          'import.meta.env.HALL_ANTD_MAP_TOKEN': JSON.stringify(mapToken),
        },
      };
    },
    generateBundle() {
      if (file) this.emitFile({ type: 'asset', fileName: file, source: css });
    },
  };
}
