import type { FastifyInstance } from 'fastify';
import { type Db, migrationsPending, ping } from '../db/client';

/**
 * /healthz: the process is alive and its database answers a round trip (a supervisor restarts
 * the node when it does not). /readyz: the node should get traffic: its database answers, every
 * migration this build knows is applied, and it is not stopping. On SIGTERM (server.ts) the node
 * drains: /readyz answers 503 at once, it serves on for `graceMs` (HALL_DRAIN_SECONDS, for a
 * balancer that probes /readyz), then stops listening, finishes the requests in progress (Fastify
 * answers 503 to a new one on a kept-alive connection meanwhile) and closes.
 */
export function healthPlugin(app: FastifyInstance, db: Db) {
  let draining = false;
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await ping(db);
    return { status: 'ok' };
  });
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (draining) return reply.status(503).send({ status: 'draining', message: '节点正在停止' });
    let pending: number;
    try {
      pending = await migrationsPending(db);
    } catch {
      return reply.status(503).send({ status: 'database', message: '数据库无应答' });
    }
    if (pending > 0) return reply.status(503).send({ status: 'migrations', message: `数据库尚有 ${pending} 个迁移未执行` });
    return { status: 'ready' };
  });
  // A kept-alive connection would hold the close until it times out (nginx keeps its upstream ones):
  // once draining, every answer closes its connection.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // A close begun elsewhere (a second signal, a test) ends the grace at once, and is not begun twice.
  let closing = false;
  let endGrace = () => {};
  app.addHook('preClose', async () => {
    closing = true;
    endGrace();
  });
  app.decorate('drain', async (graceMs: number) => {
    draining = true;
    app.log.info(`draining: /readyz answers 503; closing in ${graceMs} ms`);
    if (graceMs > 0)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        endGrace = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    if (!closing) await app.close();
  });
}
