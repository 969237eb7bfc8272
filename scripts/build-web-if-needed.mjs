// Builds the portal and the back office when a production bundle is missing, so that
// `npm install && npm start` (and `npm ci` in CI) serves both on a fresh clone.
// Set HALL_SKIP_WEB_BUILD=1 to skip (server-only work); --force rebuilds both.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (process.env.HALL_SKIP_WEB_BUILD === '1') process.exit(0);
const apps = [
  { workspace: 'apps/web', what: 'the portal' },
  { workspace: 'apps/console', what: 'the back office' },
];
for (const { workspace, what } of apps) {
  if (!existsSync(new URL(`../${workspace}/index.html`, import.meta.url))) continue;
  if (existsSync(new URL(`../${workspace}/dist/index.html`, import.meta.url)) && !process.argv.includes('--force')) continue;
  console.log(`[hall] building ${what} (${workspace}) …`);
  execSync(`npm run build --workspace ${workspace}`, { stdio: 'inherit' });
}
