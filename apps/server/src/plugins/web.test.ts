import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestHall, type TestHall } from '../test/harness';

let hall: TestHall;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'hall-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>门户</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  hall = await createTestHall({ HALL_WEB_DIST: dist });
});
afterAll(() => hall.close());

const get = (url: string) => hall.app.inject({ method: 'GET', url });

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
