import type { FastifyInstance } from 'fastify';
import { ApiPath, CHANNEL, open, PROTOCOL_HEADER, PROTOCOL_VERSION, REFRESH_TOKEN_HEADER, seal } from '@hall/shared';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/client';
import { seedDemo } from '../db/seed/demo';
import { DEMO_PASSWORD } from '../db/seed/demo-data';
import { seedDictionaries } from '../db/seed/dictionaries';
import { ManualClock } from '../lib/clock';
import { createTestDatabase } from './database';

export const TEST_CAPTCHA = '2468';
export const TEST_SECRET = 'test-secret-of-at-least-thirty-two-characters';

export interface Answer<T = any> {
  code: number;
  type: string;
  message: string;
  data: T;
  status: number;
}

export interface TestHall {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
  /** A sealed POST, answered with data opened. */
  post<T = any>(path: string, payload?: unknown, token?: string, headers?: Record<string, string>): Promise<Answer<T>>;
  get<T = any>(path: string, token?: string, query?: Record<string, string>): Promise<Answer<T>>;
  /** A POST with a raw body, for bad envelopes. */
  raw(path: string, body: string, contentType?: string): Promise<Answer>;
  refresh(refreshToken: string): Promise<Answer>;
  loginUnit(uact: string, password?: string): Promise<Answer>;
  loginPersonal(certNo: string, password?: string): Promise<Answer>;
  captcha(): Promise<string>;
}

/** The real app on its own database with the demo city, a manual clock and a fixed captcha. */
export async function createTestHall(env: Record<string, string> = {}): Promise<TestHall> {
  const database = await createTestDatabase();
  const clock = new ManualClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    HALL_DATA_DIR: 'memory://',
    HALL_CAPTCHA_FIXED: TEST_CAPTCHA,
    HALL_TOKEN_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    HALL_WEB_DIST: '/nonexistent',
    ...env,
  });
  await seedDictionaries(database.db);
  await seedDemo(database.db, clock, config.cityName);
  const app = await buildApp({ config, db: database.db, clock });
  const base = config.basePath;
  const key = config.envelopeKey;

  const decode = (res: { statusCode: number; body: string }): Answer => {
    const body = JSON.parse(res.body);
    return { ...body, data: body.data === undefined ? undefined : open(body.data, key), status: res.statusCode };
  };
  const authHeaders = (token?: string): Record<string, string> => ({
    [PROTOCOL_HEADER]: PROTOCOL_VERSION,
    ...(token ? { authorization: token } : {}),
  });

  const hall: TestHall = {
    app,
    db: database.db,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
    async post(path, payload, token, headers) {
      const res = await app.inject({
        method: 'POST',
        url: base + path,
        headers: { ...authHeaders(token), ...headers },
        payload: { data: seal(payload ?? {}, key), channel: CHANNEL },
      });
      return decode(res);
    },
    async get(path, token, query) {
      return decode(await app.inject({ method: 'GET', url: base + path, headers: authHeaders(token), query }));
    },
    async raw(path, body, contentType = 'application/json') {
      return decode(await app.inject({ method: 'POST', url: base + path, headers: { 'content-type': contentType }, payload: body }));
    },
    async refresh(refreshToken) {
      return decode(await app.inject({ method: 'POST', url: base + ApiPath.refreshToken, headers: { [REFRESH_TOKEN_HEADER]: refreshToken } }));
    },
    async captcha() {
      return (await hall.get(ApiPath.captcha)).data.captchaId;
    },
    async loginUnit(uact, password = DEMO_PASSWORD) {
      return hall.post(ApiPath.unitLogin, { uact, password, captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA });
    },
    async loginPersonal(certNo, password = DEMO_PASSWORD) {
      return hall.post(ApiPath.personalLogin, { certNo, password, captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA });
    },
  };
  return hall;
}
