import { createCipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, CHANNEL, Code, DEFAULT_ENVELOPE_KEY, ENVELOPE_VECTORS, PROTOCOL_HEADER, seal } from '@hall/shared';
import { auditLog, loginGuards } from '../db/schema';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../test/harness';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

describe('known-answer vectors against node:crypto', () => {
  it.each(ENVELOPE_VECTORS)('node aes-128-ecb agrees for $payload', ({ payload, sealed }) => {
    const cipher = createCipheriv('aes-128-ecb', Buffer.from(DEFAULT_ENVELOPE_KEY), null);
    expect(Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]).toString('base64')).toBe(sealed);
  });
});

describe('bad envelopes get code 2 and a Chinese message, never a 500, and write nothing', () => {
  const login = () => ({
    uact: 'lhgh92001',
    password: 'Wrong@2026',
    captchaId: '00000000-0000-0000-0000-000000000000',
    captchaCode: TEST_CAPTCHA,
  });
  const cases: Array<[string, () => string, string]> = [
    ['not JSON', () => '{"data": oops', '请求报文格式错误'],
    ['an array', () => '[1,2]', '请求报文格式错误'],
    ['bad base64', () => JSON.stringify({ data: '***', channel: CHANNEL }), '请求报文解密失败：data 不是有效的 Base64'],
    [
      'the wrong key',
      () => JSON.stringify({ data: seal(login(), 'SomeOtherKey1234'), channel: CHANNEL }),
      '请求报文解密失败，请刷新页面后重试',
    ],
    ['a wrong channel', () => JSON.stringify({ data: seal(login()), channel: '099' }), '请求渠道不正确'],
    ['no channel', () => JSON.stringify({ data: seal(login()) }), '请求渠道不正确'],
    ['missing data', () => JSON.stringify({ channel: CHANNEL }), '请求报文缺少 data 字段'],
  ];

  it.each(cases)('%s', async (_name, body, message) => {
    const before = (await hall.db.select().from(auditLog)).length;
    const res = await hall.raw(ApiPath.unitLogin, body());
    expect(res.status).toBe(200);
    expect(res.code).toBe(Code.BAD_ENVELOPE);
    expect(res.type).toBe('error');
    expect(res.message).toBe(message);
    expect(await hall.db.select().from(loginGuards)).toHaveLength(0);
    expect((await hall.db.select().from(auditLog)).length).toBe(before);
  });

  it('a sealed value that is not JSON', async () => {
    const cipher = createCipheriv('aes-128-ecb', Buffer.from(DEFAULT_ENVELOPE_KEY), null);
    const data = Buffer.concat([cipher.update('not json', 'utf8'), cipher.final()]).toString('base64');
    const res = await hall.raw(ApiPath.unitLogin, JSON.stringify({ data, channel: CHANNEL }));
    expect(res).toMatchObject({ code: Code.BAD_ENVELOPE, message: '请求报文解密后不是有效的 JSON' });
  });

  it('a body that is not JSON at all', async () => {
    const res = await hall.raw(ApiPath.unitLogin, 'data=x', 'text/plain');
    expect(res.code).not.toBe(0);
    expect(res.status).toBe(200);
  });
});

describe('answers', () => {
  it('seals data, with code 0 and type success', async () => {
    const res = await hall.app.inject({ method: 'GET', url: '/api' + ApiPath.captcha });
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ code: 0, type: 'success', message: '操作成功' });
    expect(typeof body.data).toBe('string');
    expect(body.data).not.toContain('captchaId');
  });

  it('a client of another protocol version is told to reset: -4', async () => {
    const res = await hall.app.inject({ method: 'GET', url: '/api' + ApiPath.captcha, headers: { [PROTOCOL_HEADER]: '0' } });
    expect(JSON.parse(res.body)).toMatchObject({ code: Code.RESET_CLIENT, message: '系统已升级，请刷新页面后重新操作' });
  });

  it('an unknown API path answers 404 in the envelope', async () => {
    const res = await hall.app.inject({ method: 'POST', url: '/api/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: Code.FAIL, message: '接口不存在：POST /api/no/such/call' });
  });

  it('sets security headers', async () => {
    const res = await hall.app.inject({ method: 'GET', url: '/api' + ApiPath.captcha });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves the OpenAPI document at {base}/docs/json', async () => {
    const res = await hall.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = JSON.parse(res.body);
    expect(doc.paths['/api' + ApiPath.unitLogin].post.requestBody).toBeDefined();
  });

  it('answers /healthz', async () => {
    expect(JSON.parse((await hall.app.inject({ method: 'GET', url: '/healthz' })).body)).toEqual({ status: 'ok' });
  });
});
