import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/client';
import { stagingNow } from '../lib/staged-import';
import { runningExports } from '../lib/table-export';

/**
 * What the process as a whole shows (event-loop delay, heap, GC, CPU, the exports and staged
 * imports running): one registry per process, made at the first app, since its collectors (the
 * event-loop monitor among them) live as long as the process; the tests build many apps in one.
 */
let processMetrics: Registry | undefined;

function processRegistry(): Registry {
  if (processMetrics) return processMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'hall_exports_running',
    help: 'Excel exports being written now (their places taken, lib/table-export.ts)',
    registers: [registry],
    collect() {
      this.set(runningExports());
    },
  });
  new Gauge({
    name: 'hall_imports_staging',
    help: 'Uploaded tables being read and checked now (staged imports), by kind',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, n] of stagingNow()) this.set({ kind }, n);
    },
  });
  processMetrics = registry;
  return registry;
}

/** The database pool's gauges and its wait histogram (PostgreSQL; the embedded database has none). */
function poolMetrics(registry: Registry, pool: PoolUse) {
  new Gauge({ name: 'hall_db_pool_max', help: 'Connections the pool may open', registers: [registry] }).set(pool.max);
  new Gauge({
    name: 'hall_db_pool_connections',
    help: 'Open connections of the pool, busy or idle',
    registers: [registry],
    collect() {
      this.set(pool.counts().total);
    },
  });
  new Gauge({
    name: 'hall_db_pool_idle',
    help: 'Open connections of the pool that no query holds',
    registers: [registry],
    collect() {
      this.set(pool.counts().idle);
    },
  });
  new Gauge({
    name: 'hall_db_pool_waiting',
    help: 'Queries waiting for a connection now',
    registers: [registry],
    collect() {
      this.set(pool.counts().waiting);
    },
  });
  const wait = new Histogram({
    name: 'hall_db_pool_wait_seconds',
    help: 'Time a query waited for its connection (a new connection set-up included)',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  pool.onWait((seconds) => wait.observe(seconds));
}

/** The addresses allowed to read /metrics (HALL_METRICS_ALLOW). An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d. */
function allowList(entries: string[]) {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (ip: string) => {
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    return v4 ? list.check(v4, 'ipv4') : list.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
  };
}

/**
 * GET /metrics in Prometheus's text format, on the app's own port, answered only to the addresses
 * of HALL_METRICS_ALLOW (a 404 to anyone else, as for a path that does not exist). The proxy in
 * front never passes it (docs/operations.md). Requests are counted and timed per route pattern
 * (never the URL: it may hold an id), method and status: the histogram's `_count` is the count.
 */
export function metricsPlugin(app: FastifyInstance, opts: { allow: string[]; database: 'postgres' | 'pglite'; pool?: PoolUse }) {
  const allowed = allowList(opts.allow);
  const registry = new Registry();
  const requests = new Histogram({
    name: 'hall_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({ name: 'hall_db_info', help: 'The database this node runs on', labelNames: ['kind'], registers: [registry] }).set(
    { kind: opts.database },
    1,
  );
  if (opts.pool) poolMetrics(registry, opts.pool);
  const shared = processRegistry();

  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      { route: request.routeOptions.url ?? '(unmatched)', method: request.method, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request.ip)) return reply.status(404).send({ message: '资源不存在' });
    const text = (await registry.metrics()) + (await shared.metrics());
    return reply.type(registry.contentType).send(text);
  });
}
