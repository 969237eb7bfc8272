import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code } from '@hall/shared';
import { createTestHall, type TestHall } from '../test/harness';

/**
 * Every API route, taken from the generated OpenAPI document, so a new route is covered the
 * day it is added: a closed route refuses a call without a token (600003), a sealed POST refuses
 * a bad envelope (code 2) and never answers a 500.
 */
let hall: TestHall;
let routes: Array<{ method: string; url: string }>;
let unitToken: string;

beforeAll(async () => {
  hall = await createTestHall();
  await hall.app.ready();
  const doc = hall.app.swagger() as { paths: Record<string, Record<string, { security?: unknown }>> };
  routes = Object.entries(doc.paths).flatMap(([url, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url })));
  unitToken = (await hall.loginUnit('lhgh92001')).data.accessToken;
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
  ApiPath.checkRealName,
  ApiPath.publicDicList,
  ApiPath.sendMessage,
  ApiPath.getPsnMobCode,
  ApiPath.findBackPassword,
];
/** Not envelopes at all; the two download calls take either form and refuse a bad envelope like the rest. */
const UNSEALED: string[] = [ApiPath.refreshToken, ApiPath.fileUpload];
const path = (url: string) => url.replace(/^\/api/, '');

describe('every route', () => {
  it('the inventory lists the routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
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
          headers: { 'content-type': 'application/json', authorization: unitToken },
          payload: body,
        });
        expect(res.statusCode, route.url).toBe(200);
        expect(JSON.parse(res.body).code, `${route.url} ${body}`).toBe(Code.BAD_ENVELOPE);
      }
    }
  });
});
