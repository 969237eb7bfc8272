import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { ApiPath, Code } from '@hall/shared';
import { accounts } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { AccessTokens } from '../../lib/tokens';
import { createTestHall, TEST_SECRET, type TestHall } from '../../test/harness';

const OLD_SECRET = 'the-previous-secret-of-thirty-two-chars!';
let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall({ HALL_TOKEN_SECRETS_RETIRED: OLD_SECRET });
});
afterAll(() => hall.close());

const info = (token?: string) => hall.get(ApiPath.userInfo, token);

describe('access tokens', () => {
  it('/user/info answers the unit or the person of the token', async () => {
    const unit = await hall.loginUnit('lhgh92001');
    expect((await info(unit.data.accessToken)).data).toMatchObject({
      loginType: 'unit',
      name: '长沙市高新区联合基层工会',
      unit: { uactLevel: 1, uniType: '92' },
    });
    const person = await hall.loginPersonal('430102198503150022');
    expect((await info(person.data.accessToken)).data).toMatchObject({
      loginType: 'personal',
      name: '李华',
      person: { certNo: '430102198503150022' },
    });
    expect((await info('Bearer ' + person.data.accessToken)).code).toBe(0);
  });

  it('/user/info says whether the unit or person is insured (needInsured pages)', async () => {
    expect((await info((await hall.loginUnit('qydw92101')).data.accessToken)).data.insured).toBe(true);
    expect((await info((await hall.loginUnit('qydw92102')).data.accessToken)).data.insured).toBe(false);
    expect((await info((await hall.loginPersonal('430105199211080011')).data.accessToken)).data.insured).toBe(false);
  });

  it('no token or a malformed one answers 600003', async () => {
    expect((await info()).code).toBe(Code.NO_TOKEN);
    expect((await info('abc.def.ghi')).code).toBe(Code.NO_TOKEN);
    const forged = await new SignJWT({ sid: 'x', gen: 1, lt: 'unit' })
      .setProtectedHeader({ alg: 'HS256', kid: 'unknown' })
      .setSubject('1')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await info(forged)).code).toBe(Code.NO_TOKEN);
  });

  it('an expired access token answers 600002', async () => {
    const login = await hall.loginUnit('dlgh99001');
    hall.clock.advance(11 * 60_000);
    expect((await info(login.data.accessToken)).code).toBe(Code.ACCESS_EXPIRED);
  });

  it('a token signed with a retired key answers 609003', async () => {
    const login = await hall.loginUnit('dlgh99001');
    const claims = await hall.app.hall.tokens.verify(login.data.accessToken);
    const old = new AccessTokens(OLD_SECRET, [], hall.clock);
    expect((await info(await old.sign(claims))).code).toBe(Code.ACCESS_RETIRED_KEY);
  });
});

describe('refresh', () => {
  it('rotates: a new pair works, the old access token answers 600016', async () => {
    const login = await hall.loginUnit('qydw92101');
    const first = await hall.refresh(login.data.refreshToken);
    expect(first.code).toBe(0);
    expect(first.data.refreshToken).not.toBe(login.data.refreshToken);
    expect((await info(first.data.accessToken)).code).toBe(0);
    expect((await info(login.data.accessToken)).code).toBe(Code.ACCESS_ROTATED);
  });

  it('a refresh token used twice revokes its family', async () => {
    const login = await hall.loginUnit('qydw92101');
    const first = await hall.refresh(login.data.refreshToken);
    const reuse = await hall.refresh(login.data.refreshToken);
    expect(reuse.code).toBe(Code.REFRESH_INVALID);
    // The pair issued by the first rotation dies with the family.
    expect((await info(first.data.accessToken)).code).toBe(Code.REFRESH_INVALID);
    expect((await hall.refresh(first.data.refreshToken)).code).toBe(Code.REFRESH_INVALID);
  });

  it('refuses an unknown or missing refresh token with 609002', async () => {
    expect((await hall.refresh('nope')).code).toBe(Code.REFRESH_INVALID);
    const res = await hall.app.inject({ method: 'POST', url: '/api' + ApiPath.refreshToken });
    expect(JSON.parse(res.body).code).toBe(Code.REFRESH_INVALID);
  });

  it('an expired access token is refreshed into a working one', async () => {
    const login = await hall.loginPersonal('430102198503150022');
    hall.clock.advance(11 * 60_000);
    expect((await info(login.data.accessToken)).code).toBe(Code.ACCESS_EXPIRED);
    const next = await hall.refresh(login.data.refreshToken);
    expect((await info(next.data.accessToken)).code).toBe(0);
  });
});

describe('session limits', () => {
  it('a new login elsewhere supersedes the session: 600009', async () => {
    const first = await hall.loginUnit('fhgh93101');
    await hall.loginUnit('fhgh93101');
    expect((await info(first.data.accessToken)).code).toBe(Code.SUPERSEDED);
    expect((await hall.refresh(first.data.refreshToken)).code).toBe(Code.SUPERSEDED);
  });

  it('30 minutes idle ends the session: 609002', async () => {
    const login = await hall.loginUnit('fhgh93101');
    hall.clock.advance(31 * 60_000);
    expect((await hall.refresh(login.data.refreshToken)).code).toBe(Code.REFRESH_INVALID);
  });

  it('activity keeps the session, but 12 hours end it whatever happens', async () => {
    let pair = (await hall.loginUnit('lhgh92001')).data;
    for (let step = 0; step < 79; step++) {
      hall.clock.advance(9 * 60_000);
      let res = await info(pair.accessToken);
      if (res.code === Code.ACCESS_EXPIRED) {
        pair = (await hall.refresh(pair.refreshToken)).data;
        res = await info(pair.accessToken);
      }
      expect(res.code).toBe(0);
    }
    pair = (await hall.refresh(pair.refreshToken)).data; // a fresh access token at 11 h 51 min
    hall.clock.advance(9 * 60_000 + 1000);
    expect((await info(pair.accessToken)).code).toBe(Code.REFRESH_INVALID);
  });

  it('an account disabled by the operator answers 609046', async () => {
    const login = await hall.loginUnit('hygh93001');
    await hall.db.update(accounts).set({ status: 'disabled' }).where(eq(accounts.loginName, 'hygh93001'));
    expect((await info(login.data.accessToken)).code).toBe(Code.ACCOUNT_LOCKED);
    await hall.db.update(accounts).set({ status: 'active' }).where(eq(accounts.loginName, 'hygh93001'));
  });
});

describe('logout', () => {
  it('revokes the session per login type', async () => {
    const unit = await hall.loginUnit('dlgh99001');
    expect((await hall.get(ApiPath.unitLogout, unit.data.accessToken)).code).toBe(0);
    expect((await info(unit.data.accessToken)).code).toBe(Code.NO_TOKEN);
    expect((await hall.refresh(unit.data.refreshToken)).code).toBe(Code.NO_TOKEN);
    const person = await hall.loginPersonal('430102198503150022');
    expect((await hall.get(ApiPath.personalLogout, person.data.accessToken)).code).toBe(0);
    expect((await info(person.data.accessToken)).code).toBe(Code.NO_TOKEN);
  });

  it('refuses the other kind of logout for the wrong role', async () => {
    const unit = await hall.loginUnit('dlgh99001');
    const res = await hall.get(ApiPath.personalLogout, unit.data.accessToken);
    expect(res).toMatchObject({ code: Code.FAIL, message: '该功能仅限个人用户使用' });
    expect((await info(unit.data.accessToken)).code).toBe(0);
    expect((await hall.post(ApiPath.userLogout, {}, unit.data.accessToken)).code).toBe(0);
    expect((await info(unit.data.accessToken)).code).toBe(Code.NO_TOKEN);
  });
});

it('ManualClock moves only when told', () => {
  const clock = new ManualClock(new Date(0));
  clock.advance(5);
  expect(clock.now().getTime()).toBe(5);
  expect(TEST_SECRET.length).toBeGreaterThanOrEqual(32);
});
