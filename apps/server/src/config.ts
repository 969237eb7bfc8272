import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { cityUnion, DEFAULT_ENVELOPE_KEY } from '@hall/shared';

/** Repository root: relative settings resolve against it, wherever npm was started from. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Export worker threads when HALL_EXPORT_WORKERS is not set: one, two where the machine has more than two cores. */
export const DEFAULT_EXPORT_WORKERS = Math.min(2, Math.max(1, availableParallelism() - 1));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  HALL_BASE_PATH: z
    .string()
    .default('/api')
    .refine((v) => /^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/.test(v), 'HALL_BASE_PATH 必须以 / 开头且不以 / 结尾'),
  HALL_DATA_DIR: z.string().default('./data'),
  /** Uploaded files and notice attachments; default `<HALL_DATA_DIR>/files`. */
  HALL_FILE_DIR: z.string().optional(),
  /** Where file bytes live: `dir` (HALL_FILE_DIR, one node) or `db` (the database, several nodes). */
  HALL_FILE_STORE: z.enum(['dir', 'db'], { error: 'HALL_FILE_STORE 须为 dir（本机目录）或 db（数据库）' }).default('dir'),
  DATABASE_URL: z.string().url('DATABASE_URL 不是有效的连接串').optional(),
  HALL_ENVELOPE_KEY: z
    .string()
    .default(DEFAULT_ENVELOPE_KEY)
    .refine((v) => Buffer.byteLength(v) === 16, 'HALL_ENVELOPE_KEY 必须是 16 字节'),
  HALL_CAPTCHA_FIXED: z
    .string()
    .regex(/^[A-Za-z0-9]{4,6}$/, 'HALL_CAPTCHA_FIXED 须为 4-6 位字母或数字')
    .optional(),
  /** `1`: a clock the operator CLI can move forward (`ops clock-advance`), for automated tests only. */
  HALL_TEST_CLOCK: z.enum(['0', '1']).optional(),
  HALL_CITY_NAME: z.string().min(1).default('长沙市'),
  /** The city union's account that payment notices (缴费通知单) name; demo values outside production. */
  HALL_PAY_ACCOUNT_NAME: z.string().trim().min(1).max(60).optional(),
  HALL_PAY_BANK: z.string().trim().min(1).max(60).optional(),
  HALL_PAY_ACCOUNT_NO: z
    .string()
    .trim()
    .regex(/^[0-9 -]{6,40}$/, 'HALL_PAY_ACCOUNT_NO 须为银行账号（数字，可含空格或连字符）')
    .optional(),
  HALL_TOKEN_SECRET: z.string().min(32, 'HALL_TOKEN_SECRET 至少 32 个字符').optional(),
  /** Comma-separated previous secrets: tokens they signed answer 609003 instead of 600003. */
  HALL_TOKEN_SECRETS_RETIRED: z.string().default(''),
  HALL_DEMO_SEED: z.enum(['0', '1']).optional(),
  HALL_WEB_DIST: z.string().default('./apps/web/dist'),
  /** The built back office (apps/console), served under /console/. */
  HALL_CONSOLE_DIST: z.string().default('./apps/console/dist'),
  /** Proxies whose X-Forwarded-For is believed: a hop count, or addresses/CIDRs separated by commas. */
  HALL_TRUST_PROXY: z
    .string()
    .default('')
    .refine(
      (v) => v.trim() === '' || /^\d+$/.test(v.trim()) || v.split(',').every((a) => /^[0-9a-fA-F.:/]+$/.test(a.trim())),
      'HALL_TRUST_PROXY 须为跳数（如 1）或以逗号分隔的地址/网段',
    ),
  /** The directory of pg_dump and pg_restore (ops backup, restore), when they are not on the PATH. */
  HALL_PG_BIN: z.string().optional(),
  /** Who may read /metrics: addresses or CIDRs separated by commas (loopback by default); others get 404. */
  HALL_METRICS_ALLOW: z
    .string()
    .default('127.0.0.0/8,::1')
    .refine(
      (v) => v.split(',').every((entry) => isAddressOrNetwork(entry.trim())),
      'HALL_METRICS_ALLOW 须为以逗号分隔的 IP 地址或网段（如 127.0.0.1,10.0.0.0/8）',
    ),
  /** Seconds a stopping node keeps serving with /readyz answering 503, so that a balancer probing it stops sending first. */
  HALL_DRAIN_SECONDS: z.coerce
    .number({ error: 'HALL_DRAIN_SECONDS 须为秒数' })
    .int('HALL_DRAIN_SECONDS 须为整数（秒）')
    .min(0, 'HALL_DRAIN_SECONDS 不能为负数')
    .max(300, 'HALL_DRAIN_SECONDS 不能超过 300 秒')
    .default(0),
  /** Hours after its last write that an unfinished upload's parts are swept (a killed or abandoned upload). */
  HALL_UPLOAD_PARTS_HOURS: z.coerce
    .number({ error: 'HALL_UPLOAD_PARTS_HOURS 须为小时数' })
    .int('HALL_UPLOAD_PARTS_HOURS 须为整数（小时）')
    .min(1, 'HALL_UPLOAD_PARTS_HOURS 至少 1 小时（上传中的文件不能被清理）')
    .max(720, 'HALL_UPLOAD_PARTS_HOURS 不能超过 720 小时')
    .default(24),
  /** Who delivers SMS and e-mail: the outbox table (default; read with `ops sms-outbox`) or a webhook gateway. */
  HALL_MESSAGE_SENDER: z.enum(['outbox', 'webhook']).default('outbox'),
  HALL_MESSAGE_WEBHOOK_URL: z.url('HALL_MESSAGE_WEBHOOK_URL 须为 http(s) 地址').optional(),
  HALL_MESSAGE_WEBHOOK_SECRET: z.string().min(16, 'HALL_MESSAGE_WEBHOOK_SECRET 至少 16 个字符').optional(),
  /** Threads that build list exports' workbooks (lib/export-pool.ts); 0 writes them on the event loop in slices. */
  HALL_EXPORT_WORKERS: z.coerce
    .number({ error: 'HALL_EXPORT_WORKERS 须为线程数' })
    .int('HALL_EXPORT_WORKERS 须为整数')
    .min(0, 'HALL_EXPORT_WORKERS 不能为负数')
    .max(8, 'HALL_EXPORT_WORKERS 不能超过 8')
    .default(DEFAULT_EXPORT_WORKERS),
  /** Multiplies every per-IP abuse limit (modules/limits). */
  HALL_IP_LIMIT_FACTOR: z.coerce.number().int().min(1).max(10_000).default(1),
  /** A payment above this many yuan is confirmed by a second finance operator (docs/decisions.md, "Operator roles"). */
  HALL_PAYMENT_SECOND_CHECK_YUAN: z.coerce
    .number({ error: 'HALL_PAYMENT_SECOND_CHECK_YUAN 须为金额（元）' })
    .int('HALL_PAYMENT_SECOND_CHECK_YUAN 须为整数（元）')
    .min(0, 'HALL_PAYMENT_SECOND_CHECK_YUAN 不能为负数')
    .default(50_000),
  /** The OpenAPI page at {base}/docs: on by default outside production. */
  HALL_API_DOCS: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  basePath: string;
  dataDir: string;
  fileDir: string;
  /** `db`: file bytes in the database (lib/db-file-store.ts), so app nodes share nothing else. */
  fileStore: 'dir' | 'db';
  databaseUrl?: string;
  envelopeKey: string;
  captchaFixed?: string;
  /** The server's clock can be moved forward through the ops socket (HALL_TEST_CLOCK=1). */
  testClock: boolean;
  cityName: string;
  /** Where units pay (payment notice): account name, bank, account number. */
  payAccount: { name: string; bank: string; accountNo: string };
  tokenSecret: string;
  retiredTokenSecrets: string[];
  demoSeed: boolean;
  webDist: string;
  consoleDist: string;
  logLevel: string;
  /** Who may read /metrics: addresses and CIDRs. */
  metricsAllow: string[];
  /** The directory of pg_dump and pg_restore (`ops backup`, `restore`); the PATH's when unset. */
  pgBin?: string;
  /** Milliseconds a stopping node keeps serving with /readyz at 503 before it closes. */
  drainMs: number;
  /** Milliseconds after its last write that an unfinished upload's parts are swept. */
  uploadPartsMaxAgeMs: number;
  /** Fastify's trustProxy: false (the socket's address is the client's), a hop count or addresses. */
  trustProxy: false | number | string[];
  apiDocs: boolean;
  ipLimitFactor: number;
  /** Export worker threads (lib/export-pool.ts); 0: exports are written on the event loop. */
  exportWorkers: number;
  /** Payments above this (fen) need a second finance operator's confirmation. */
  paymentSecondCheckFen: number;
  messageSender: 'outbox' | 'webhook';
  messageWebhookUrl?: string;
  messageWebhookSecret?: string;
}

export class ConfigError extends Error {}

const resolveFromRoot = (p: string) => (path.isAbsolute(p) || p === 'memory://' ? p : path.resolve(repoRoot, p));

/** Reads and checks the settings; throws ConfigError with every problem in Chinese. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError('配置错误：\n' + parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && e.HALL_CAPTCHA_FIXED) problems.push('生产环境不允许设置 HALL_CAPTCHA_FIXED（固定验证码仅供自动化测试）');
  if (production && e.HALL_TEST_CLOCK === '1') problems.push('生产环境不允许设置 HALL_TEST_CLOCK（可拨动的时钟仅供自动化测试）');
  if (production && !e.HALL_TOKEN_SECRET) problems.push('生产环境必须设置 HALL_TOKEN_SECRET（至少 32 个字符的随机串）');
  if (production && !e.DATABASE_URL) problems.push('生产环境必须设置 DATABASE_URL（PostgreSQL 连接串）');
  if (e.HALL_MESSAGE_SENDER === 'webhook' && (!e.HALL_MESSAGE_WEBHOOK_URL || !e.HALL_MESSAGE_WEBHOOK_SECRET)) {
    problems.push('HALL_MESSAGE_SENDER=webhook 须同时设置 HALL_MESSAGE_WEBHOOK_URL 与 HALL_MESSAGE_WEBHOOK_SECRET');
  }
  if (production && e.HALL_DEMO_SEED === '1') problems.push('生产环境不允许写入演示数据（HALL_DEMO_SEED=1）');
  if (problems.length) throw new ConfigError('配置错误：\n' + problems.map((p) => '  ' + p).join('\n'));

  const dataDir = resolveFromRoot(e.HALL_DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    basePath: e.HALL_BASE_PATH,
    dataDir,
    fileDir: e.HALL_FILE_DIR ? resolveFromRoot(e.HALL_FILE_DIR) : dataDir === 'memory://' ? 'memory://' : path.join(dataDir, 'files'),
    fileStore: e.HALL_FILE_STORE,
    databaseUrl: e.DATABASE_URL,
    envelopeKey: e.HALL_ENVELOPE_KEY,
    captchaFixed: e.HALL_CAPTCHA_FIXED,
    testClock: e.HALL_TEST_CLOCK === '1',
    cityName: e.HALL_CITY_NAME,
    payAccount: {
      name: e.HALL_PAY_ACCOUNT_NAME ?? cityUnion(e.HALL_CITY_NAME),
      // Production never prints the demo account on a notice: unset, the notice says whom to ask.
      bank: e.HALL_PAY_BANK ?? (production ? '未设置（请向市总工会财务部门咨询）' : `中国工商银行${e.HALL_CITY_NAME}分行营业部（演示）`),
      accountNo: e.HALL_PAY_ACCOUNT_NO ?? (production ? '未设置' : '1901 0000 0920 0000 888'),
    },
    tokenSecret: e.HALL_TOKEN_SECRET ?? localSecret(dataDir, 'tokenSecret'),
    retiredTokenSecrets: e.HALL_TOKEN_SECRETS_RETIRED.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    demoSeed: e.HALL_DEMO_SEED ? e.HALL_DEMO_SEED === '1' : !production,
    webDist: resolveFromRoot(e.HALL_WEB_DIST),
    consoleDist: resolveFromRoot(e.HALL_CONSOLE_DIST),
    trustProxy: parseTrustProxy(e.HALL_TRUST_PROXY),
    metricsAllow: e.HALL_METRICS_ALLOW.split(',').map((entry) => entry.trim()),
    pgBin: e.HALL_PG_BIN || undefined,
    drainMs: e.HALL_DRAIN_SECONDS * 1000,
    uploadPartsMaxAgeMs: e.HALL_UPLOAD_PARTS_HOURS * 3_600_000,
    ipLimitFactor: e.HALL_IP_LIMIT_FACTOR,
    exportWorkers: e.HALL_EXPORT_WORKERS,
    paymentSecondCheckFen: e.HALL_PAYMENT_SECOND_CHECK_YUAN * 100,
    messageSender: e.HALL_MESSAGE_SENDER,
    messageWebhookUrl: e.HALL_MESSAGE_WEBHOOK_URL,
    messageWebhookSecret: e.HALL_MESSAGE_WEBHOOK_SECRET,
    apiDocs: e.HALL_API_DOCS ? e.HALL_API_DOCS === '1' : !production,
    logLevel: e.LOG_LEVEL,
  };
}

/** `10.0.0.5`, `::1` or `10.0.0.0/8`, `fd00::/8`. */
function isAddressOrNetwork(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** Default: trust no proxy, so a client cannot choose its own address with X-Forwarded-For. */
function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (!v) return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** Outside production a missing secret is generated once and kept in the data directory. */
function localSecret(dataDir: string, name: string): string {
  if (dataDir === 'memory://') return crypto.randomUUID() + crypto.randomUUID();
  const file = path.join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!secrets[name]) {
    secrets[name] = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}
