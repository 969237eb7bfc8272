import pino from 'pino';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TIMEOUT_MS } from '@hall/shared';
import type { Config } from './config';
import type { Database, Db, PoolUse } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { createSender, type MessageSender } from './lib/senders';
import { fileStoreFor } from './lib/file-store';
import type { FileStore } from './lib/storage';
import { AccessTokens } from './lib/tokens';
import { uploadsPlugin } from './lib/upload';
import { authPlugin } from './plugins/auth';
import { securityHeadersPlugin } from './plugins/security-headers';
import type { HallCaches } from './caches';
import { docsPlugin } from './plugins/docs';
import { healthPlugin } from './plugins/health';
import { metricsPlugin } from './plugins/metrics';
import { textGuardPlugin } from './plugins/text-guard';
import { envelopePlugin } from './plugins/envelope';
import { errorsPlugin } from './plugins/errors';
import { webPlugin } from './plugins/web';
import { authRoutes } from './modules/auth/auth.routes';
import { dictRoutes } from './modules/dict/dict.routes';
import { enrolmentRoutes } from './modules/enrolment/enrolment.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { fileRoutes } from './modules/files/files.routes';
import { homeRoutes } from './modules/home/home.routes';
import { noticeRoutes } from './modules/notices/notices.routes';
import { opsNoticeRoutes } from './modules/notices/notices-ops.routes';
import { opsOperatorRoutes } from './modules/operator/operator-ops.routes';
import { opsAccountRoutes } from './modules/accounts/accounts-ops.routes';
import { opsAuditRoutes } from './modules/audit/audit-ops.routes';
import { opsDashboardRoutes } from './modules/dashboard/dashboard-ops.routes';
import { opsReportRoutes } from './modules/reports/reports-ops.routes';
import { unionReportRoutes } from './modules/reports/reports.routes';
import { opsSearchRoutes } from './modules/search/search-ops.routes';
import { opsClaimRoutes } from './modules/claims/claims-ops.routes';
import { claimRoutes } from './modules/claims/claims.routes';
import { opsSettlementRoutes } from './modules/settlement/settlement-ops.routes';
import { opsReconciliationRoutes } from './modules/reconciliation/reconciliation-ops.routes';
import { participationRoutes } from './modules/participation/participation.routes';
import { payableRoutes } from './modules/payable/payable.routes';
import { agentRoutes } from './modules/registration/agent.routes';
import { biddingRoutes } from './modules/registration/bidding.routes';
import { registrationRoutes } from './modules/registration/registration.routes';
import { opsRegistrationRoutes } from './modules/registration/registration-ops.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { todoRoutes } from './modules/todo/todo.routes';
import { orgRoutes } from './modules/org/org.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { treatmentRoutes } from './modules/treatment/treatment.routes';
import { unionRoutes } from './modules/union/union.routes';
import { opsUnionRoutes } from './modules/union/union-ops.routes';
import { personalRoutes } from './modules/personal/personal.routes';
import { transferRoutes } from './modules/transfer/transfer.routes';
import { opsTransferRoutes } from './modules/transfer/transfer-ops.routes';
import { featureRoutes } from './modules/features/features.routes';
import { opsFeatureRoutes } from './modules/features/features-ops.routes';

z.config(z.locales.zhCN());

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Default: the one the settings choose (lib/file-store.ts). */
  files?: FileStore;
  /** Default: the one the settings choose (HALL_MESSAGE_SENDER; the outbox unless set). */
  sender?: MessageSender;
  /** What the node keeps between calls (server.ts on PostgreSQL, fed by lib/change-listener.ts). */
  caches?: HallCaches;
  /** Where log lines go (a test reads them); default stdout, buffered in production. */
  logStream?: { write(line: string): void };
  /** PostgreSQL's connection pool, for /metrics (server.ts; none on the embedded database). */
  pool?: PoolUse;
  /** The database as a whole, for `ops backup` through the operator socket (server.ts). */
  database?: Pick<Database, 'kind' | 'dumpAt'>;
}

/** The API modules, in one list: each registers its routes under the base path. */
const modules = [
  authRoutes,
  dictRoutes,
  mailRoutes,
  fileRoutes,
  noticeRoutes,
  registrationRoutes,
  biddingRoutes,
  agentRoutes,
  smsRoutes,
  recoveryRoutes,
  todoRoutes,
  opsOperatorRoutes,
  opsAccountRoutes,
  opsAuditRoutes,
  opsDashboardRoutes,
  opsReportRoutes,
  opsSearchRoutes,
  opsRegistrationRoutes,
  opsNoticeRoutes,
  staffRoutes,
  enrolmentRoutes,
  payableRoutes,
  participationRoutes,
  homeRoutes,
  claimRoutes,
  opsClaimRoutes,
  opsSettlementRoutes,
  opsReconciliationRoutes,
  treatmentRoutes,
  unionRoutes,
  unionReportRoutes,
  opsUnionRoutes,
  orgRoutes,
  personalRoutes,
  transferRoutes,
  opsTransferRoutes,
  featureRoutes,
  opsFeatureRoutes,
];

/** stdout, buffered; flushed when the process exits (a crash's last lines included: 'exit' runs on throw). */
function productionLogStream() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  process.once('exit', () => stream.flushSync());
  return stream;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({
  config,
  db,
  clock = systemClock,
  files,
  sender,
  caches,
  logStream,
  pool,
  database,
}: AppDeps): Promise<FastifyInstance> {
  // Production buffers log lines (4 KB, flushed on exit) instead of a write per line: a sync
  // write per answer was 6 % of a sealed call's CPU (docs/performance.md). Elsewhere: at once.
  const stream = logStream ?? (config.env === 'production' ? productionLogStream() : undefined);
  const app = Fastify({
    logger: stream ? { level: config.logLevel, stream } : { level: config.logLevel },
    // One line per answer (below) instead of Fastify's two, without the query string (docs/decisions.md, "Logs keep no personal data").
    logController: new LogController({ disableRequestLogging: true }),
    requestTimeout: API_TIMEOUT_MS,
    bodyLimit: 2 * 1024 * 1024,
    // A hop count trusts the n nearest proxies (what Fastify does with a number; its types take a function).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: () => crypto.randomUUID().replace(/-/g, '').slice(0, 16),
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the URL itself: a query string may hold an ID number or a phone.
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(unknown)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'answered',
    );
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('hall', {
    config,
    db,
    clock,
    tokens: new AccessTokens(config.tokenSecret, config.retiredTokenSecrets, clock),
    files: files ?? fileStoreFor(config, db, clock),
    sender: sender ?? createSender(config, db, clock, app.log),
    caches,
    database,
  });

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // A reviewer reads a PDF attachment in the page: its bytes (downloadFileByID) as a blob: URL
        // in an <iframe> (components/file-preview). Nothing else is framed.
        frameSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    hsts: config.env === 'production',
  });
  // The OpenAPI page also needs the route schemas' registration hooks, so it is registered (or not) first.
  if (config.apiDocs) await app.register(docsPlugin);

  healthPlugin(app, db);
  metricsPlugin(app, { allow: config.metricsAllow, database: pool || config.databaseUrl ? 'postgres' : 'pglite', pool });

  await app.register(
    async (api) => {
      await errorsPlugin(api);
      await uploadsPlugin(api);
      await envelopePlugin(api);
      await textGuardPlugin(api);
      await authPlugin(api);
      for (const module of modules) await api.register(module);
    },
    { prefix: config.basePath },
  );

  await app.register(webPlugin);
  return app;
}
