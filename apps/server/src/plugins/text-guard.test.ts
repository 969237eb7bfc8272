import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, contracts, OpsPath, type Contract, OPERATOR_ROLES } from '@hall/shared';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../test/harness';
import { faultOf } from './errors';
import { BAD_TEXT_MESSAGE, holdsBadText } from './text-guard';
import { makeOperator } from '../test/operator-tools';

let hall: TestHall;
let tokens: Record<'unit' | 'personal' | 'operator', string>;
beforeAll(async () => {
  hall = await createTestHall();
  tokens = {
    unit: (await hall.loginUnit('lhgh92001')).data.accessToken,
    personal: (await hall.loginPersonal('430103199007120044')).data.accessToken,
    operator: '',
  };
  await makeOperator(hall, { login: 'guard.op', name: '文本测试员', password: 'Oper@2026ab', role: [...OPERATOR_ROLES] });
  const login = { username: 'guard.op', password: 'Oper@2026ab', captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA };
  tokens.operator = (await hall.post(OpsPath.opsLogin, login)).data.accessToken;
});
afterAll(() => hall.close());

describe('text the database cannot hold', () => {
  it('finds a NUL or a lone surrogate anywhere in a body, keys included', () => {
    expect(holdsBadText({ a: 'ok', b: ['fine', { c: '中文😀' }] })).toBe(false);
    expect(holdsBadText({ a: 'x\u0000y' })).toBe(true);
    expect(holdsBadText({ a: ['ok', '\uD800'] })).toBe(true);
    expect(holdsBadText({ a: 'end\uDC00' })).toBe(true);
    expect(holdsBadText({ 'k\u0000': 1 })).toBe(true);
  });

  const sealedPosts = (Object.values(contracts) as Contract[]).filter((c) => c.method === 'POST' && c.sealed !== false);
  it.each(sealedPosts.map((c) => [c.name, c] as const))('%s refuses it with one clear message (no internal error)', async (_name, call) => {
    const token =
      call.access === 'public' ? undefined : call.access === 'personal' || call.access === 'operator' ? tokens[call.access] : tokens.unit;
    const fields = ['uact', 'certNo', 'certno', 'empUact', 'empName', 'name', 'phone', 'email', 'type', 'title', 'id', 'fileId'];
    const body = Object.fromEntries(fields.map((f) => [f, `430102198503150022\u0000`]));
    const res = await hall.post(call.path, body, token);
    expect(res).toMatchObject({ code: Code.FAIL, message: BAD_TEXT_MESSAGE });
    const lone = await hall.post(call.path, { ...body, certNo: 'ab\uD83D' }, token);
    expect(lone.code).not.toBe(Code.INTERNAL);
  });
});

describe('what the log keeps of a fault', () => {
  it('no query, no parameters, no message: ID numbers and phones never reach the log', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'persons_cert_key',
      detail: 'Key (cert_no)=(430102198503150022) already exists.',
    });
    const error = Object.assign(new Error('Failed query: insert into persons values ($1, $2)\nparams: 430102198503150022,13807310001'), {
      name: 'DrizzleQueryError',
      cause,
    });
    const logged = JSON.stringify(faultOf(error));
    expect(logged).not.toMatch(/430102198503150022|13807310001|insert into/);
    expect(faultOf(error)).toMatchObject({ type: 'DrizzleQueryError', dbCode: '23505', constraint: 'persons_cert_key' });
  });
});

it('an over-size body is answered as too large, not as a bad envelope', async () => {
  const res = await hall.raw(contracts.dictList.path, JSON.stringify({ data: 'A'.repeat(3 * 1024 * 1024), channel: '066' }));
  expect(res).toMatchObject({ code: Code.FAIL, message: '请求内容过大，请减少内容后重试' });
});
