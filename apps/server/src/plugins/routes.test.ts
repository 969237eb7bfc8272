import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, contracts, type Contract, OpsPath, OPERATOR_ROLES } from '@hall/shared';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../test/harness';
import { makeOperator } from '../test/operator-tools';

/**
 * Every API route, taken from the generated OpenAPI document, so a new route is covered the
 * day it is added: a closed route refuses a call without a token (600003), a sealed POST refuses
 * a bad envelope (code 2) and never answers a 500.
 */
let hall: TestHall;
let routes: Array<{ method: string; url: string }>;
let unitToken: string;
let personalToken: string;
let operatorToken: string;

beforeAll(async () => {
  hall = await createTestHall();
  await hall.app.ready();
  const doc = hall.app.swagger() as { paths: Record<string, Record<string, { security?: unknown }>> };
  routes = Object.entries(doc.paths).flatMap(([url, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url })));
  unitToken = (await hall.loginUnit('lhgh92001')).data.accessToken;
  personalToken = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  await makeOperator(hall, { login: 'routes.op', name: '路由测试员', password: 'Oper@2026ab', role: [...OPERATOR_ROLES] });
  const captchaId = await hall.captcha();
  operatorToken = (
    await hall.post(OpsPath.opsLogin, { username: 'routes.op', password: 'Oper@2026ab', captchaId, captchaCode: TEST_CAPTCHA })
  ).data.accessToken;
});
afterAll(() => hall.close());

const PUBLIC: string[] = [
  ApiPath.captcha,
  ApiPath.unitLogin,
  ApiPath.personalLogin,
  ApiPath.userLogin,
  ApiPath.refreshToken,
  ApiPath.dictMultiple,
  ApiPath.dictList,
  // Public area (issue 4): files (a token is used when sent), gateway content, registration, SMS.
  ApiPath.fileUpload,
  ApiPath.fileDownload,
  ApiPath.noticePage,
  ApiPath.noticeById,
  ApiPath.policyPage,
  ApiPath.policyById,
  ApiPath.queryFirstContact,
  ApiPath.queryFirstContactForOrg,
  ApiPath.checkUnitInfo,
  ApiPath.insertRegisterInfo,
  ApiPath.selectRegUserInfo,
  ApiPath.biddingCheckUnitInfo,
  ApiPath.biddingRegister,
  ApiPath.powerOfAttorney,
  ApiPath.checkAgentExist,
  ApiPath.agentRegister,
  ApiPath.selectOpterMobInfo,
  ApiPath.publicDicList,
  ApiPath.sendMessage,
  ApiPath.getPsnMobCode,
  ApiPath.findBackPassword,
  // The operator API's login and refresh (issue 8).
  OpsPath.opsLogin,
  OpsPath.opsRefreshToken,
];
/** Not envelopes at all (contract `sealed: false`); the two download calls take either form and refuse a bad envelope like the rest. */
const UNSEALED = (Object.values(contracts) as Contract[]).filter((c) => c.sealed === false).map((c) => c.path);
const path = (url: string) => url.replace(/^\/api/, '');
/** Operator routes take an operator's token (a portal token is refused there before the envelope is read). */
const OPERATOR_ONLY = (Object.values(contracts) as Contract[]).filter((c) => c.access === 'operator').map((c) => c.path);
/** Personal routes take a worker's token (a unit's is refused before the envelope is read). */
const PERSONAL_ONLY = (Object.values(contracts) as Contract[]).filter((c) => c.access === 'personal').map((c) => c.path);
const key = (method: string, url: string) => `${method} ${url}`;

describe('every route', () => {
  it('the inventory lists the routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
  });

  it('every route comes from a contract, and every contract has its route', () => {
    const all = Object.values(contracts) as Contract[];
    expect(routes.map((r) => key(r.method, path(r.url))).sort()).toEqual(all.map((c) => key(c.method, c.path)).sort());
  });

  it('the public routes are exactly the contracts that say access: public (and none of them needs insurance)', () => {
    const all = Object.values(contracts) as Contract[];
    expect(
      all
        .filter((c) => c.access === 'public')
        .map((c) => c.path)
        .sort(),
    ).toEqual([...PUBLIC].sort());
    expect(all.filter((c) => c.access === 'public' && c.needInsured)).toEqual([]);
  });

  it('every call has a path of its own; the operator API lives under /ops/api/, and only it', () => {
    const all = Object.values(contracts) as Contract[];
    expect(new Set(all.map((c) => c.path)).size).toBe(all.length);
    for (const c of all) {
      expect(c.path.startsWith('/ops/api/'), c.name).toBe(c.access === 'operator' || c.path.startsWith('/ops/'));
    }
  });

  it('closed routes answer 600003 without a token, public routes do not', async () => {
    for (const route of routes) {
      const res = await hall.app.inject({ method: route.method as 'GET', url: route.url });
      const { code } = JSON.parse(res.body);
      if (PUBLIC.includes(path(route.url))) expect(code, route.url).not.toBe(Code.NO_TOKEN);
      else expect(code, route.url).toBe(Code.NO_TOKEN);
    }
  });

  it('sealed POST routes refuse a bad envelope with code 2, never 500', async () => {
    for (const route of routes.filter((r) => r.method === 'POST' && !UNSEALED.includes(path(r.url)))) {
      for (const body of ['{"channel":"066"}', '{"data":"AAAA","channel":"066"}', '{"data":"x","channel":"001"}', 'oops']) {
        const res = await hall.app.inject({
          method: 'POST',
          url: route.url,
          headers: {
            'content-type': 'application/json',
            authorization: OPERATOR_ONLY.includes(path(route.url))
              ? operatorToken
              : PERSONAL_ONLY.includes(path(route.url))
                ? personalToken
                : unitToken,
          },
          payload: body,
        });
        expect(res.statusCode, route.url).toBe(200);
        expect(JSON.parse(res.body).code, `${route.url} ${body}`).toBe(Code.BAD_ENVELOPE);
      }
    }
  });
});
