// Builds the server into plain JavaScript that `node` runs without a TypeScript loader:
// dist/server.js (the server), dist/ops.js (the operator CLI) and dist/export-worker.js (the export
// workers' thread), each one ES module bundling the hall's own code (apps/server/src,
// packages/shared, packages/regions), with source maps, and dist/migrations (the SQL the server applies at start). Packages from node_modules stay outside the
// bundle and load from there as usual (PGlite finds its wasm and data files beside itself).
//
//   node apps/server/scripts/build.mjs             build
//   node apps/server/scripts/build.mjs --if-stale  build only when dist is missing or older than a source
//
// The entry files sit directly in dist/, as deep as src/config.ts and src/db/client.ts sit in
// src/: their `import.meta.url` paths (the repository root, ./migrations) hold in both.
// Several starts may build at once (one e2e server per worker): every file is written under a
// temporary name and renamed into place, and the stamp dist/.built is written last.
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(serverDir, '../..');
const dist = path.join(serverDir, 'dist');
const stamp = path.join(dist, '.built');
const migrations = path.join(serverDir, 'src/db/migrations');
/** What the bundle is made of: a change in any of these makes it stale. */
const sourceDirs = [path.join(serverDir, 'src'), path.join(repoRoot, 'packages/shared/src'), path.join(repoRoot, 'packages/regions/src')];
const sourceFiles = [path.join(serverDir, 'package.json'), path.join(serverDir, 'scripts/build.mjs')];

/** The newest modification time of the sources (tests excluded: they are not in the bundle). */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of sourceDirs) if (existsSync(dir)) walk(dir);
  for (const file of sourceFiles) newest = Math.max(newest, statSync(file).mtimeMs);
  return newest;
}

const isStale = () => !existsSync(stamp) || statSync(stamp).mtimeMs < newestSource();

/** Writes a file under a temporary name, then renames it into place (a reader never sees half of it). */
function writeInPlace(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/**
 * Packages that stay outside the bundle and load from node_modules: those that read files beside
 * themselves (PGlite its wasm and data, svg-captcha its font, the API docs their pages and
 * package.json), native code (argon2, pg's optional pg-native), the worker-thread files of pino's
 * transports, and those loaded at their first use only (exceljs, docx, jszip: bundled, they would
 * be compiled at every start). Every other package is bundled: one file to read and link instead
 * of some 200 modules resolved, opened and wrapped one by one.
 */
const OUTSIDE = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pg-native',
  'svg-captcha',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  'exceljs',
  'docx',
  'jszip',
  'esbuild',
];
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') || OUTSIDE.includes(packageOf(args.path)) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * The bundled CommonJS packages `require` Node's own modules: in an ES module bundle that needs a
 * real require (esbuild's stand-in throws "Dynamic require … is not supported").
 */
const REQUIRE_BANNER =
  "import { createRequire as __hallCreateRequire } from 'node:module'; const require = __hallCreateRequire(import.meta.url);";

async function build() {
  const started = performance.now();
  // esbuild is a devDependency: loaded only when a build is needed.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: {
      server: path.join(serverDir, 'src/server.ts'),
      ops: path.join(serverDir, 'src/cli/ops.ts'),
      // The export workers' thread (lib/export-pool.ts finds it beside server.js).
      'export-worker': path.join(serverDir, 'src/lib/export-worker.ts'),
    },
    outdir: dist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    // The bundled modules of packages/shared declare no side effects: nothing to keep but what is used.
    treeShaking: true,
    plugins: [packagesOutside],
    banner: { js: REQUIRE_BANNER },
    logLevel: 'warning',
    write: false,
  });
  for (const file of readdirSync(migrations, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const from = path.join(file.parentPath, file.name);
    const to = path.join(dist, 'migrations', path.relative(migrations, from));
    mkdirSync(path.dirname(to), { recursive: true });
    const temporary = `${to}.${process.pid}.tmp`;
    copyFileSync(from, temporary);
    renameSync(temporary, to);
  }
  for (const file of result.outputFiles) writeInPlace(file.path, file.contents);
  writeInPlace(stamp, `${new Date().toISOString()}\n`);
  console.error(`[hall] server built into ${path.relative(repoRoot, dist)} (${Math.round(performance.now() - started)} ms)`);
}

if (!process.argv.includes('--if-stale') || isStale()) await build();
