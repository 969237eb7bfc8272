import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestHall, type TestHall } from '../test/harness';

/**
 * /healthz and /readyz (plugins/health.ts), and the drain of a stopping node: /readyz answers 503
 * while the requests in progress finish, then the node closes.
 */
let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

/** A node of its own on the test's database (a drain closes it), with a call that waits until released. */
async function nodeWithSlowCall() {
  const node = await buildApp({ config: hall.config, db: hall.db, clock: hall.clock });
  let entered!: () => void;
  let release!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  node.get('/test-slow', async () => {
    entered();
    await released;
    return { done: true };
  });
  return { node, inside, release };
}

describe('health', () => {
  it('/healthz and /readyz answer on a migrated database', async () => {
    expect((await hall.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await hall.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('while draining, /readyz answers 503 and /healthz 200 until the grace ends', async () => {
    const { node } = await nodeWithSlowCall();
    const drained = node.drain(60_000);
    try {
      const ready = await node.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining', message: '节点正在停止' });
      expect((await node.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      // A close begun elsewhere ends the grace at once (a second signal).
      await node.close();
      await drained;
    }
  });

  it('a drain finishes the request in progress, refuses new ones meanwhile, then closes', async () => {
    const { node, inside, release } = await nodeWithSlowCall();
    await node.listen({ port: 0, host: '127.0.0.1' });
    const address = node.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const slow = fetch(`${url}/test-slow`);
    await inside;

    let closed = false;
    const drained = node.drain(0).then(() => (closed = true));
    expect((await node.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    // No longer listening: a new connection is refused.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    expect(closed).toBe(false);

    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    // Its kept-alive connection is closed with it, else the close would wait for the client's timeout.
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ done: true });
    await drained;
    expect(closed).toBe(true);
  });
});
