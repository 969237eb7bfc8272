import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@hall/shared';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createTestHall, TEST_SECRET, type TestHall } from '../test/harness';

/**
 * /metrics (plugins/metrics.ts): Prometheus's text, scraped after a few calls, the requests counted
 * per route pattern and status; answered only to the addresses of HALL_METRICS_ALLOW.
 */
let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

/** The samples of a scrape: `name{labels}` → value (comments left out). */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

const scrape = (remoteAddress = '127.0.0.1', app = hall.app) => app.inject({ method: 'GET', url: '/metrics', remoteAddress });

describe('/metrics', () => {
  it('counts the requests by route pattern, method and status, never by the URL', async () => {
    for (let i = 0; i < 3; i++) expect((await hall.get(ApiPath.captcha)).code).toBe(0);
    // A path with an id in it that no route takes, and one that a route takes with a query.
    expect((await hall.app.inject({ method: 'GET', url: '/api/no-such-call/430102198503150022' })).statusCode).toBe(404);
    await hall.get(ApiPath.captcha, undefined, { certNo: '430102198503150022' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const found = samples(res.body);
    const captcha = `route="/api${ApiPath.captcha}",method="GET",status="200"`;
    expect(found.get(`hall_http_request_duration_seconds_count{${captcha}}`)).toBe(4);
    expect(found.get(`hall_http_request_duration_seconds_bucket{le="+Inf",${captcha}}`)).toBe(4);
    expect(found.get(`hall_http_request_duration_seconds_sum{${captcha}}`)).toBeGreaterThan(0);
    expect(found.get('hall_http_request_duration_seconds_count{route="(unmatched)",method="GET",status="404"}')).toBe(1);
    expect(res.body).not.toContain('430102198503150022');
  });

  it('shows the process: event-loop delay, heap, exports and staged imports running, the database', async () => {
    const res = await scrape();
    const found = samples(res.body);
    expect(found.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(found.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(found.get('hall_exports_running')).toBe(0);
    expect(res.body).toContain('# TYPE hall_imports_staging gauge');
    expect([...found.keys()].filter((k) => k.startsWith('hall_db_info'))).toHaveLength(1);
  });

  it('answers 404 to an address outside HALL_METRICS_ALLOW, as for a path that does not exist', async () => {
    for (const address of ['10.1.2.3', '::ffff:192.168.1.9', '2001:db8::1']) {
      const res = await scrape(address);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('hall_');
    }
    const local = await scrape('::ffff:127.0.0.1');
    expect(local.statusCode).toBe(200);
  });

  it('takes the addresses and networks of HALL_METRICS_ALLOW, and refuses a bad one in Chinese', async () => {
    const config = loadConfig({ ...baseEnv, HALL_METRICS_ALLOW: '10.0.0.0/8, 192.168.1.9' });
    const node = await buildApp({ config, db: hall.db, clock: hall.clock });
    try {
      expect((await scrape('10.1.2.3', node)).statusCode).toBe(200);
      expect((await scrape('::ffff:192.168.1.9', node)).statusCode).toBe(200);
      expect((await scrape('127.0.0.1', node)).statusCode).toBe(404);
    } finally {
      await node.close();
    }
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.1/8/1', '']) {
      expect(() => loadConfig({ ...baseEnv, HALL_METRICS_ALLOW: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...baseEnv, HALL_METRICS_ALLOW: 'everyone' })).toThrow(/HALL_METRICS_ALLOW 须为以逗号分隔的 IP 地址或网段/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('reports the PostgreSQL pool: its size, connections and waits', async () => {
    const database = await openDatabase({ databaseUrl: hall.databaseUrl!, dataDir: 'memory://', migrated: true });
    const node = await buildApp({ config: hall.config, db: database.db, clock: hall.clock, pool: database.pool });
    try {
      expect((await node.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const found = samples((await scrape('127.0.0.1', node)).body);
      expect(found.get('hall_db_pool_max')).toBe(10);
      expect(found.get('hall_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(found.get('hall_db_pool_idle')).toBeGreaterThanOrEqual(1);
      expect(found.get('hall_db_pool_waiting')).toBe(0);
      expect(found.get('hall_db_pool_wait_seconds_count')).toBeGreaterThanOrEqual(1);
      expect(found.get('hall_db_info{kind="postgres"}')).toBe(1);
    } finally {
      await node.close();
      await database.close();
    }
  });
});

const baseEnv = {
  NODE_ENV: 'test',
  HALL_DATA_DIR: 'memory://',
  HALL_TOKEN_SECRET: TEST_SECRET,
  LOG_LEVEL: 'silent',
  HALL_WEB_DIST: '/nonexistent',
  HALL_CONSOLE_DIST: '/nonexistent',
};
