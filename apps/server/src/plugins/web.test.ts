import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHall, type TestHall } from '../test/harness';

const INDEX = '<!doctype html><title>门户</title>' + '<!-- 职工医疗互助 -->'.repeat(100);
const BIG_JS = 'export const 标题 = "职工医疗互助网上服务大厅";\n'.repeat(400);
const CSS = '.hall-tags { overflow-x: auto; }\n'.repeat(200);

const CONSOLE_INDEX = '<!doctype html><title>管理后台</title>' + '<!-- 市总工会 -->'.repeat(100);
const CONSOLE_JS = 'export const 后台 = "职工医疗互助管理后台";\n'.repeat(400);

let hall: TestHall;
let dist: string;
let consoleDist: string;
beforeAll(async () => {
  consoleDist = mkdtempSync(path.join(tmpdir(), 'hall-console-dist-'));
  mkdirSync(path.join(consoleDist, 'assets'));
  for (const [file, text] of [
    ['index.html', CONSOLE_INDEX],
    ['assets/console-1.js', CONSOLE_JS],
  ]) {
    writeFileSync(path.join(consoleDist, file), text);
    writeFileSync(path.join(consoleDist, file + '.br'), brotliCompressSync(text));
    writeFileSync(path.join(consoleDist, file + '.gz'), gzipSync(text));
  }
  dist = mkdtempSync(path.join(tmpdir(), 'hall-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>门户</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  // What the build's precompress step writes: .br and .gz beside the file.
  for (const [file, text] of [
    ['index.html', INDEX],
    ['assets/big-1.js', BIG_JS],
    ['assets/style-1.css', CSS],
  ]) {
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, file + '.br'), brotliCompressSync(text));
    writeFileSync(path.join(dist, file + '.gz'), gzipSync(text));
  }
  hall = await createTestHall({ HALL_WEB_DIST: dist, HALL_CONSOLE_DIST: consoleDist });
});
afterAll(() => hall.close());

const get = (url: string, headers: Record<string, string> = {}) => hall.app.inject({ method: 'GET', url, headers });

it('serves the portal and answers deep links with index.html (history fallback)', async () => {
  for (const url of ['/', '/gatePage', '/apply-query?x=1', '/Transfer/404']) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).toContain('<title>门户</title>');
    expect(res.headers['cache-control'], url).toBe('no-cache');
  }
});

it('serves hashed assets as immutable, including files built after the start', async () => {
  const res = await get('/assets/app-1.js');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toContain('immutable');
  writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
  expect((await get('/assets/app-2.js')).body).toBe('console.log(2)');
});

it('answers 404 for a missing file and an envelope for an unknown API path', async () => {
  expect((await get('/assets/missing.js')).statusCode).toBe(404);
  const api = await get('/api/nothing/here');
  expect(api.statusCode).toBe(404);
  expect(JSON.parse(api.body).message).toBe('接口不存在：GET /api/nothing/here');
});

describe('precompressed files chosen by Accept-Encoding', () => {
  const decode = (encoding: string | undefined, body: Buffer) =>
    (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate, gzip;q=0.5', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s" gets %s', async (accept, expected) => {
    for (const [url, original, type] of [
      ['/assets/big-1.js', BIG_JS, /^text\/javascript|^application\/javascript/],
      ['/assets/style-1.css', CSS, /^text\/css/],
      ['/index.html', INDEX, /^text\/html/],
      ['/apply-query', INDEX, /^text\/html/], // history fallback
    ] as const) {
      const res = await get(url, accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(expected);
      expect(String(res.headers['content-type']), url).toMatch(type);
      expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
      expect(decode(expected, res.rawPayload), url).toBe(original);
      if (expected) expect(res.rawPayload.length, url).toBeLessThan(Buffer.byteLength(original));
    }
  });

  it('keeps the cache rules on compressed answers: assets immutable, pages no-cache', async () => {
    const accept = { 'accept-encoding': 'gzip, br' };
    expect((await get('/assets/big-1.js', accept)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/style-1.css', { 'accept-encoding': 'gzip' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/', '/index.html', '/register', '/gatePage?tab=personal']) {
      const res = await get(url, accept);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves a file without compressed siblings as is', async () => {
    const res = await get('/assets/app-1.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

describe('the back office at /console', () => {
  const accept = { 'accept-encoding': 'gzip, br' };

  it('answers its deep links, and unknown console paths, with the console index (its router shows 404)', async () => {
    for (const url of [
      '/console/',
      '/console',
      '/console/registrations',
      '/console/registrations?status=rejected',
      '/console/x',
      '/console/x/y',
    ]) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8'), url).toBe(CONSOLE_INDEX);
    }
  });

  it('serves its hashed assets precompressed and immutable, and 404 for a missing one', async () => {
    const res = await get('/console/assets/console-1.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(CONSOLE_JS);
    expect((await get('/console/assets/missing.js')).statusCode).toBe(404);
  });

  it('leaves the portal to the portal: its pages and assets never answer from the console', async () => {
    for (const url of ['/apply-query', '/consoles', '/Home']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>门户</title>');
    }
    expect((await get('/console/assets/app-1.js')).statusCode).toBe(404);
  });
});

describe('a server whose console is not built', () => {
  let bare: TestHall;
  beforeAll(async () => {
    bare = await createTestHall({ HALL_WEB_DIST: dist });
  });
  afterAll(() => bare.close());

  it('says so at /console and still serves the portal', async () => {
    const page = await bare.app.inject({ method: 'GET', url: '/console/registrations' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('管理后台尚未构建');
    expect(page.body).toContain('npm run build');
    const portal = await bare.app.inject({ method: 'GET', url: '/apply-query' });
    expect(portal.body).toContain('<title>门户</title>');
  });
});
