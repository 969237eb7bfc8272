import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_ENVELOPE_KEY } from '@hall/shared';

/** Repository root: relative settings resolve against it, wherever npm was started from. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

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
  DATABASE_URL: z.string().url('DATABASE_URL 不是有效的连接串').optional(),
  HALL_ENVELOPE_KEY: z
    .string()
    .default(DEFAULT_ENVELOPE_KEY)
    .refine((v) => Buffer.byteLength(v) === 16, 'HALL_ENVELOPE_KEY 必须是 16 字节'),
  HALL_CAPTCHA_FIXED: z.string().regex(/^[A-Za-z0-9]{4,6}$/, 'HALL_CAPTCHA_FIXED 须为 4-6 位字母或数字').optional(),
  HALL_CITY_NAME: z.string().min(1).default('长沙市'),
  HALL_TOKEN_SECRET: z.string().min(32, 'HALL_TOKEN_SECRET 至少 32 个字符').optional(),
  /** Comma-separated previous secrets: tokens they signed answer 609003 instead of 600003. */
  HALL_TOKEN_SECRETS_RETIRED: z.string().default(''),
  HALL_DEMO_SEED: z.enum(['0', '1']).optional(),
  HALL_WEB_DIST: z.string().default('./apps/web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  basePath: string;
  dataDir: string;
  fileDir: string;
  databaseUrl?: string;
  envelopeKey: string;
  captchaFixed?: string;
  cityName: string;
  tokenSecret: string;
  retiredTokenSecrets: string[];
  demoSeed: boolean;
  webDist: string;
  logLevel: string;
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
  if (production && !e.HALL_TOKEN_SECRET) problems.push('生产环境必须设置 HALL_TOKEN_SECRET（至少 32 个字符的随机串）');
  if (production && !e.DATABASE_URL) problems.push('生产环境必须设置 DATABASE_URL（PostgreSQL 连接串）');
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
    databaseUrl: e.DATABASE_URL,
    envelopeKey: e.HALL_ENVELOPE_KEY,
    captchaFixed: e.HALL_CAPTCHA_FIXED,
    cityName: e.HALL_CITY_NAME,
    tokenSecret: e.HALL_TOKEN_SECRET ?? localSecret(dataDir, 'tokenSecret'),
    retiredTokenSecrets: e.HALL_TOKEN_SECRETS_RETIRED.split(',').map((s) => s.trim()).filter(Boolean),
    demoSeed: e.HALL_DEMO_SEED ? e.HALL_DEMO_SEED === '1' : !production,
    webDist: resolveFromRoot(e.HALL_WEB_DIST),
    logLevel: e.LOG_LEVEL,
  };
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
