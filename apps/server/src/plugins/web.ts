import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

/** Where the back office (apps/console) is served; its Vite base is the same path. */
export const CONSOLE_PREFIX = '/console';

const notBuilt = (what: string, workspace: string) =>
  `<!doctype html><meta charset="utf-8"><p>${what}尚未构建：请在仓库根目录运行 <code>npm run build</code>（或 <code>npm run build --workspace ${workspace}</code>）后重启服务。</p>`;

/** Hashed assets never change; index.html must always be revalidated. */
const setHeaders: FastifyStaticOptions['setHeaders'] = (res, file) =>
  res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');

/**
 * Serves the built portal at / and the built back office at /console/, each with its history
 * fallback: a GET page path that is not a file answers that app's index.html, so deep links like
 * /apply-query and /console/registrations work after a reload (the console's router shows its own
 * 404 for an unknown /console/... path; the portal's fallback never answers one).
 *
 * Each build writes `<file>.br` and `<file>.gz` next to each text file (apps/web/scripts/
 * precompress.mjs, run by both apps' builds); the one the request's Accept-Encoding prefers is
 * sent (br, then gzip, then the file itself), with Content-Encoding, the original's Content-Type
 * and Vary: Accept-Encoding.
 */
export async function webPlugin(app: FastifyInstance) {
  const { webDist, consoleDist, basePath } = app.hall.config;
  const portalBuilt = existsSync(path.join(webDist, 'index.html'));
  const consoleBuilt = existsSync(path.join(consoleDist, 'index.html'));
  // A wildcard route looks files up per request, so a rebuilt app is served without a restart;
  // a missing file falls through to the not-found handler below.
  if (portalBuilt) await app.register(fastifyStatic, { root: webDist, wildcard: true, preCompressed: true, setHeaders });
  if (consoleBuilt) {
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: `${CONSOLE_PREFIX}/`,
      wildcard: true,
      preCompressed: true,
      setHeaders,
      // reply.sendFile comes from the first registration (either app's).
      decorateReply: !portalBuilt,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const apiCall = pathname === basePath || pathname.startsWith(basePath + '/');
    if (apiCall) return apiNotFound(app.hall.config.envelopeKey, request, reply);
    const wantsPage = request.method === 'GET' && !path.extname(pathname);
    if (!wantsPage) return reply.status(404).send({ message: '资源不存在' });
    const inConsole = pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`);
    const [built, root, page] = inConsole
      ? [consoleBuilt, consoleDist, notBuilt('管理后台', 'apps/console')]
      : [portalBuilt, webDist, notBuilt('门户', 'apps/web')];
    if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
