/**
 * A CPU profile of a portal page's first load in Chromium (4× CPU slowdown, like Lighthouse's
 * mobile preset), to see which scripts and functions the first screen spends its main thread on.
 * Writes a .cpuprofile (DevTools opens it; bench/lib/profile-summary.ts summarises it).
 *
 * Usage: npx tsx bench/page-profile.ts <origin> <path> <out.cpuprofile>
 *   The server must run (e.g. `HALL_CAPTCHA_FIXED=2468 node apps/server/dist/server.js`); a path other than
 *   /gatePage is opened signed in as the demo union lhgh92001.
 */
import { writeFileSync } from 'node:fs';
import { launchChromium } from './lib/chromium';
import { signInTab } from './lib/sign-in';

const [origin, pathname, out] = process.argv.slice(2);
if (!origin || !pathname || !out) throw new Error('usage: page-profile.ts <origin> <path> <out.cpuprofile>');

const chromium = await launchChromium({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
const { browser } = chromium;
try {
  const page = await browser.newPage();
  if (pathname !== '/gatePage') await signInTab(page, origin);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(origin + pathname, { waitUntil: 'networkidle0' });
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(out, JSON.stringify(profile));
  console.log(`wrote ${out}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await chromium.close();
}
