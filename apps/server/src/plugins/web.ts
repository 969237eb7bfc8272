import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

/**
 * Serves the built portal with history fallback: any GET outside the API that is not a file
 * answers index.html, so deep links like /apply-query work after a reload.
 *
 * The build writes `<file>.br` and `<file>.gz` next to each text file (apps/web/scripts/
 * precompress.mjs); the one the request's Accept-Encoding prefers is sent (br, then gzip, then
 * the file itself), with Content-Encoding, the original's Content-Type and Vary: Accept-Encoding.
 */
export async function webPlugin(app: FastifyInstance) {
  const { webDist, basePath } = app.hall.config;
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // A wildcard route looks files up per request, so a rebuilt portal is served without a restart;
      // a missing file falls through to the not-found handler below.
      wildcard: true,
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, file) =>
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const apiCall = request.url === basePath || request.url.startsWith(basePath + '/');
    if (apiCall) return apiNotFound(app.hall.config.envelopeKey, request, reply);
    const wantsPage = request.method === 'GET' && !path.extname(request.url.split('?')[0]);
    if (wantsPage && built) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    if (wantsPage) {
      return reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><p>门户尚未构建：请在仓库根目录运行 <code>npm run build</code> 后重启服务。</p>');
    }
    return reply.status(404).send({ message: '资源不存在' });
  });
}
