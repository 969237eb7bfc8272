import type { FastifyInstance } from 'fastify';
import {
  ApiPath,
  type Call,
  type CallData,
  type CallInput,
  CHANNEL,
  open,
  PROTOCOL_HEADER,
  PROTOCOL_VERSION,
  REFRESH_TOKEN_HEADER,
  seal,
} from '@hall/shared';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database, Db } from '../db/client';
import { seedDemo } from '../db/seed/demo';
import { DEMO_PASSWORD } from '../db/seed/demo-data';
import { seedDictionaries } from '../db/seed/dictionaries';
import { ManualClock } from '../lib/clock';
import { fileStoreFor } from '../lib/file-store';
import { createTestDatabase } from './database';
import { multipart } from './multipart';

export const TEST_CAPTCHA = '2468';
export const TEST_SECRET = 'test-secret-of-at-least-thirty-two-characters';

// Tests read answers loosely (any data): each test asserts the shape it expects.
// biome-ignore lint/suspicious/noExplicitAny: see above
export interface Answer<T = any> {
  code: number;
  type: string;
  message: string;
  data: T;
  status: number;
}

export interface Download {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  bytes: Buffer;
  /** Set when the server answered an envelope instead of a file (a refusal). */
  answer?: Answer;
}

export interface TestHall {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  config: Config;
  /** The PostgreSQL database's connection string (TEST_DATABASE_URL runs), for a second node of its own. */
  databaseUrl?: string;
  close(): Promise<void>;
  /**
   * One call of a contract, sent as the portal sends it: GET with the body as query parameters,
   * POST sealed when the contract says `sealed: true`, plain otherwise ('either' downloads, the
   * refresh). The answer's `data` is opened and typed from the contract's response schema.
   */
  call<C extends Call>(contract: C, body: CallInput<C>, token?: string, headers?: Record<string, string>): Promise<Answer<CallData<C>>>;
  /** A sealed POST, answered with data opened. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are asserted by each test
  post<T = any>(path: string, payload?: unknown, token?: string, headers?: Record<string, string>): Promise<Answer<T>>;
  // biome-ignore lint/suspicious/noExplicitAny: answers are asserted by each test
  get<T = any>(path: string, token?: string, query?: Record<string, string>): Promise<Answer<T>>;
  /** A POST with a raw body, for bad envelopes. */
  raw(path: string, body: string, contentType?: string): Promise<Answer>;
  refresh(refreshToken: string): Promise<Answer>;
  /** A multipart upload of one file (field `file`; none: the form without one) to `path` (the file upload unless given), data opened. */
  upload(
    file: { name: string; bytes: Buffer; contentType?: string } | undefined,
    token?: string,
    path?: string,
    fields?: Record<string, string>,
  ): Promise<Answer>;
  /** A download call: the raw bytes, or the opened envelope when the answer is JSON. */
  download(path: string, payload: unknown, token?: string, sealed?: boolean): Promise<Download>;
  loginUnit(uact: string, password?: string): Promise<Answer>;
  loginPersonal(certNo: string, password?: string): Promise<Answer>;
  captcha(): Promise<string>;
  /** A fresh captcha with its answer, for the anonymous forms that write or send. */
  human(): Promise<{ captchaId: string; captchaCode: string }>;
}

/**
 * The real app on its own database with the demo city, a manual clock and a fixed captcha; or on
 * a database the caller made (the query-plan test's generated city), which close() then closes too.
 */
export async function createTestHall(
  env: Record<string, string> = {},
  opts: { database?: Database; logStream?: { write(line: string): void } } = {},
): Promise<TestHall> {
  const database = opts.database ?? (await createTestDatabase());
  const clock = new ManualClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    HALL_DATA_DIR: 'memory://',
    HALL_CAPTCHA_FIXED: TEST_CAPTCHA,
    HALL_TOKEN_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    HALL_WEB_DIST: '/nonexistent',
    HALL_CONSOLE_DIST: '/nonexistent',
    // Every inject comes from 127.0.0.1: the per-IP limits are tested on their own (limits.test.ts).
    HALL_IP_LIMIT_FACTOR: '1000',
    ...env,
  });
  await seedDictionaries(database.db);
  const files = fileStoreFor(config, database.db, clock);
  await seedDemo(database.db, clock, config.cityName, files);
  const app = await buildApp({ config, db: database.db, clock, files, logStream: opts.logStream });
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
    databaseUrl: database.url,
    async close() {
      await app.close();
      await database.close();
    },
    async call(contract, body, token, headers) {
      if (contract.method === 'GET') {
        const query = Object.fromEntries(
          Object.entries(body ?? {})
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => [name, String(value)]),
        );
        return hall.get(contract.path, token, query);
      }
      if (contract.sealed === true) return hall.post(contract.path, body, token, headers);
      const res = await app.inject({
        method: 'POST',
        url: base + contract.path,
        headers: { ...authHeaders(token), ...headers },
        payload: (body ?? {}) as object,
      });
      return decode(res);
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
      return decode(
        await app.inject({ method: 'POST', url: base + ApiPath.refreshToken, headers: { [REFRESH_TOKEN_HEADER]: refreshToken } }),
      );
    },
    async upload(file, token, path = ApiPath.fileUpload, fields = {}) {
      const body = multipart(fields, file);
      return decode(
        await app.inject({
          method: 'POST',
          url: base + path,
          headers: { ...authHeaders(token), 'content-type': body.contentType },
          payload: body.payload,
        }),
      );
    },
    async download(path, payload, token, sealed = false) {
      const res = await app.inject({
        method: 'POST',
        url: base + path,
        headers: authHeaders(token),
        payload: sealed ? { data: seal(payload ?? {}, key), channel: CHANNEL } : (payload as object),
      });
      const json = String(res.headers['content-type'] ?? '').includes('application/json');
      return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, answer: json ? decode(res) : undefined };
    },
    async captcha() {
      return (await hall.get(ApiPath.captcha)).data.captchaId;
    },
    async human() {
      return { captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA };
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
