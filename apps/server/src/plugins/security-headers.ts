import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (CSP, HSTS in production, nosniff, frame and referrer
 * rules…), from helmet's own rules. They do not depend on the request, so helmet runs once at
 * start against a recording response, and each answer gets the recorded headers: @fastify/helmet
 * built a new helmet middleware on every request (4 % of a sealed call's CPU; docs/performance.md).
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  // biome-ignore lint/suspicious/noExplicitAny: helmet reads only setHeader/removeHeader of the response
  helmet(options)({} as any, recorder as any, () => undefined);
  return [...headers];
}

// A named function, as plugins/docs.ts says: no stack trace at start.
export const securityHeadersPlugin = fp(async function hallSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
