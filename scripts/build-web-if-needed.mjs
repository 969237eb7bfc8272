// Builds the portal when its production bundle is missing, so that `npm install && npm start`
// serves a working portal on a fresh clone. Set HALL_SKIP_WEB_BUILD=1 to skip (server-only work).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const index = new URL('../apps/web/dist/index.html', import.meta.url);
if (process.env.HALL_SKIP_WEB_BUILD === '1') process.exit(0);
if (!existsSync(new URL('../apps/web/index.html', import.meta.url))) process.exit(0);
if (!existsSync(index) || process.argv.includes('--force')) {
  console.log('[hall] building the portal (apps/web) …');
  execSync('npm run build --workspace apps/web', { stdio: 'inherit' });
}
