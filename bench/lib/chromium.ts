/** Debian's Chromium for the browser benches (lighthouse.ts, page-profile.ts), cleaned up after. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Viewport } from 'puppeteer-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function stop(child: ReturnType<typeof spawn>) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Chromium with the flags of the e2e suite, a fresh profile, and the DevTools endpoint read from stderr. */
export async function launchChromium(defaultViewport: Viewport | null = null) {
  const profile = mkdtempSync(path.join(tmpdir(), 'hall-lighthouse-profile-'));
  const chromium = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${text}`)), 30_000);
    chromium.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    chromium.once('exit', (code) => reject(new Error(`chromium exited ${code}: ${text}`)));
  });
  chromium.stderr!.resume();
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, defaultViewport });
  return {
    browser,
    async close() {
      const exited = new Promise((resolve) => (chromium.exitCode === null ? chromium.once('exit', resolve) : resolve(null)));
      await browser.close().catch(() => undefined);
      stop(chromium);
      await Promise.race([exited, sleep(5_000)]);
      // Chromium's helpers may still be writing to the profile for a moment after it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}
