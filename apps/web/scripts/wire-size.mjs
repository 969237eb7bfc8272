#!/usr/bin/env node
/**
 * Bytes on the wire of a first load (empty cache) of portal pages, as Chromium counts them
 * (Network.loadingFinished encodedDataLength: headers + body as sent, i.e. compressed if the
 * server compressed). Needs a running server with a built portal.
 *
 *   node apps/web/scripts/wire-size.mjs [http://127.0.0.1:8080] [/gatePage /register …]
 */
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const paths = process.argv.length > 3 ? process.argv.slice(3) : ['/gatePage', '/register'];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const path of paths) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const urls = new Map();
    const encodings = new Map();
    let wire = 0;
    let body = 0;
    cdp.on('Network.responseReceived', (e) => {
      urls.set(e.requestId, e.response.url);
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      encodings.set(e.requestId, headers['content-encoding'] ?? 'identity');
    });
    cdp.on('Network.dataReceived', (e) => (body += e.dataLength));
    cdp.on('Network.loadingFinished', (e) => (wire += e.encodedDataLength));
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const portal = [...urls.entries()].filter(([, url]) => url.startsWith(base) && !url.includes('/api/'));
    const counts = {};
    for (const [id] of portal) counts[encodings.get(id)] = (counts[encodings.get(id)] ?? 0) + 1;
    console.log(
      `${path}: ${(wire / 1024).toFixed(1)} KB on the wire (${(body / 1024).toFixed(1)} KB decoded), ${urls.size} responses, encodings ${JSON.stringify(counts)}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
}
