import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('settings', () => {
  it('has working defaults', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hall-'));
    const config = loadConfig({ HALL_DATA_DIR: dir });
    expect(config).toMatchObject({ port: 8080, basePath: '/api', cityName: '长沙市', envelopeKey: 'HallMutualAid066', demoSeed: true });
    expect(config.captchaFixed).toBeUndefined();
  });

  it('generates a token secret once and keeps it in the data directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hall-'));
    const first = loadConfig({ HALL_DATA_DIR: dir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ HALL_DATA_DIR: dir }).tokenSecret).toBe(first);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).tokenSecret).toBe(first);
  });

  it('refuses to start in production without secrets or with a fixed captcha', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production', HALL_CAPTCHA_FIXED: '1234' });
    } catch (error) {
      expect((error as Error).message).toContain('生产环境必须设置 HALL_TOKEN_SECRET');
      expect((error as Error).message).toContain('生产环境不允许设置 HALL_CAPTCHA_FIXED');
      expect((error as Error).message).toContain('生产环境必须设置 DATABASE_URL');
    }
    const ok = loadConfig({ NODE_ENV: 'production', HALL_TOKEN_SECRET: 's'.repeat(40), DATABASE_URL: 'postgres://db/hall' });
    expect(ok.demoSeed).toBe(false);
  });

  it('HALL_TEST_CLOCK: a movable clock outside production only', () => {
    expect(loadConfig({ HALL_DATA_DIR: 'memory://' }).testClock).toBe(false);
    expect(loadConfig({ HALL_DATA_DIR: 'memory://', HALL_TEST_CLOCK: '1' }).testClock).toBe(true);
    const production = { NODE_ENV: 'production', HALL_TOKEN_SECRET: 's'.repeat(40), DATABASE_URL: 'postgres://db/hall' };
    expect(() => loadConfig({ ...production, HALL_TEST_CLOCK: '1' })).toThrow('生产环境不允许设置 HALL_TEST_CLOCK');
  });

  it('names bad values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ HALL_ENVELOPE_KEY: 'short' })).toThrow('HALL_ENVELOPE_KEY 必须是 16 字节');
    expect(() => loadConfig({ HALL_BASE_PATH: 'api/' })).toThrow('HALL_BASE_PATH 必须以 / 开头且不以 / 结尾');
  });

  it('HALL_UPLOAD_PARTS_HOURS: an unfinished upload is swept after 24 hours unless set, never under an hour', () => {
    expect(loadConfig({ HALL_DATA_DIR: 'memory://' }).uploadPartsMaxAgeMs).toBe(24 * 3_600_000);
    expect(loadConfig({ HALL_DATA_DIR: 'memory://', HALL_UPLOAD_PARTS_HOURS: '6' }).uploadPartsMaxAgeMs).toBe(6 * 3_600_000);
    expect(() => loadConfig({ HALL_DATA_DIR: 'memory://', HALL_UPLOAD_PARTS_HOURS: '0' })).toThrow('HALL_UPLOAD_PARTS_HOURS 至少 1 小时');
  });

  it('trusts no proxy by default; a hop count or addresses when set', () => {
    expect(loadConfig({ HALL_DATA_DIR: 'memory://' }).trustProxy).toBe(false);
    expect(loadConfig({ HALL_DATA_DIR: 'memory://', HALL_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ HALL_DATA_DIR: 'memory://', HALL_TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
    ]);
    expect(() => loadConfig({ HALL_DATA_DIR: 'memory://', HALL_TRUST_PROXY: 'everyone' })).toThrow(/HALL_TRUST_PROXY/);
  });

  it('serves the OpenAPI page outside production, and in production only when asked', () => {
    expect(loadConfig({ HALL_DATA_DIR: 'memory://' }).apiDocs).toBe(true);
    const production = { NODE_ENV: 'production', HALL_TOKEN_SECRET: 's'.repeat(40), DATABASE_URL: 'postgres://db/hall' };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, HALL_API_DOCS: '1' }).apiDocs).toBe(true);
  });
});
