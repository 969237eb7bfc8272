import { cityTitle } from '@hall/shared';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed/demo';
import { seedDemoBusiness } from './db/seed/demo-business';
import { seedDemoOrg } from './db/seed/demo-org';
import { DEMO_PASSWORD } from './db/seed/demo-data';
import { demoAccountLines, demoOperatorLines } from './db/seed/demo-accounts';
import { seedDictionaries } from './db/seed/dictionaries';
import { opsSocketPath, startOpsSocket } from './cli/ops-socket';
import { OffsetClock, systemClock } from './lib/clock';
import { fileStoreFor } from './lib/file-store';
import { startPartsSweep } from './lib/parts-sweep';
import { createCaches } from './caches';
import { listenChanges } from './lib/change-listener';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedDictionaries(database.db);
  // HALL_TEST_CLOCK=1 (refused in production): the e2e suite moves time with `ops clock-advance`.
  const clock = config.testClock ? new OffsetClock() : systemClock;
  const files = fileStoreFor(config, database.db, clock);
  if (config.demoSeed) {
    await seedDemo(database.db, systemClock, config.cityName, files);
    await seedDemoBusiness(database.db, systemClock, config.cityName, files);
    await seedDemoOrg(database.db, systemClock, config.cityName);
  }
  // On PostgreSQL each node caches the identity check and the unread count, fed by the database's
  // change notifications (several nodes share one database); the embedded database reads them each call.
  const caches = config.databaseUrl ? createCaches() : undefined;
  const feed = caches && listenChanges(config.databaseUrl!, Object.values(caches), console);
  await feed?.ready;
  const app = await buildApp({ config, db: database.db, files, clock, caches, pool: database.pool, database });
  // What killed uploads left: swept now and hourly (lib/parts-sweep.ts), stopped before the database closes.
  const sweep = startPartsSweep(app.hall, app.log);
  app.addHook('onClose', async () => {
    await sweep.stop();
    await feed?.close();
    await database.close();
  });
  // The embedded database has one writer: operator commands reach it through the server.
  if (database.kind === 'pglite') {
    const ops = await startOpsSocket(app.hall, config.dataDir, app.log);
    app.addHook('onClose', () => ops.close());
  }

  // A stop drains (plugins/health.ts): /readyz 503, HALL_DRAIN_SECONDS more serving, the requests in progress finished.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      app.drain(config.drainMs).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://127.0.0.1:${port}`;
  const lines = [
    '',
    `${cityTitle(config.cityName)} 已启动（${((Date.now() - started) / 1000).toFixed(1)} 秒，数据库：${database.kind === 'pglite' ? `内嵌 PGlite ${config.dataDir}` : 'PostgreSQL'}）`,
    `  门户    ${url}/`,
    `  后台    ${url}/console/`,
    `  接口    ${url}${config.basePath}` + (config.apiDocs ? `    文档 ${url}${config.basePath}/docs` : ''),
    ...(config.testClock ? ['  测试时钟已启用（HALL_TEST_CLOCK=1）：ops clock-advance --seconds <秒数> 可拨快服务器时间'] : []),
    ...(database.kind === 'pglite' ? [`  运维    npm run ops -- help    （经 ${opsSocketPath(config.dataDir)} 交由本服务执行）`] : []),
  ];
  if (config.demoSeed) {
    lines.push(`  演示账号（密码均为 ${DEMO_PASSWORD}${config.captchaFixed ? `，验证码固定为 ${config.captchaFixed}` : ''}）：`);
    lines.push(...demoAccountLines(), ...demoOperatorLines());
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error('启动失败：', error);
  process.exit(1);
});
