import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiPath, Code } from '@hall/shared';
import { accounts, auditLog, captchas, loginGuards, sessions, units } from '../../db/schema';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

describe('captcha', () => {
  it('answers an SVG image and an id', async () => {
    const res = await hall.get(ApiPath.captcha);
    expect(res.code).toBe(0);
    expect(res.data.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.data.image.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('is single use', async () => {
    const captchaId = await hall.captcha();
    const body = { uact: 'lhgh92001', password: 'Demo@2026', captchaId, captchaCode: TEST_CAPTCHA };
    expect((await hall.post(ApiPath.unitLogin, body)).code).toBe(0);
    const again = await hall.post(ApiPath.unitLogin, body);
    expect(again.code).toBe(Code.FAIL);
    expect(again.message).toBe('验证码错误或已过期，请重新输入');
  });

  it('expires after 2 minutes', async () => {
    const captchaId = await hall.captcha();
    hall.clock.advance(121_000);
    const res = await hall.post(ApiPath.unitLogin, { uact: 'lhgh92001', password: 'Demo@2026', captchaId, captchaCode: TEST_CAPTCHA });
    expect(res.message).toBe('验证码错误或已过期，请重新输入');
  });

  it('leaves no row once used; expired ones are swept at most every 30 s, not on every issue', async () => {
    const stored = async () => (await hall.db.select({ id: captchas.id }).from(captchas)).map((r) => r.id);
    const used = await hall.captcha();
    await hall.post(ApiPath.unitLogin, { uact: 'lhgh92001', password: 'Demo@2026', captchaId: used, captchaCode: TEST_CAPTCHA });
    expect(await stored()).not.toContain(used);
    hall.clock.advance(31_000);
    const old = await hall.captcha(); // t0, a sweep
    hall.clock.advance(100_000);
    await hall.captcha(); // t0 + 100 s: a sweep, `old` still live
    hall.clock.advance(25_000);
    await hall.captcha(); // t0 + 125 s: `old` expired, but 25 s since the sweep: none
    expect(await stored()).toContain(old);
    hall.clock.advance(5_000);
    await hall.captcha(); // t0 + 130 s: a sweep
    expect(await stored()).not.toContain(old);
  });

  it('refuses a wrong answer and an unknown id, without counting a password failure', async () => {
    const wrong = await hall.post(ApiPath.unitLogin, {
      uact: 'hygh93001',
      password: 'x',
      captchaId: await hall.captcha(),
      captchaCode: '0000',
    });
    expect(wrong.message).toBe('验证码错误或已过期，请重新输入');
    const unknown = await hall.post(ApiPath.unitLogin, { uact: 'hygh93001', password: 'x', captchaId: 'nope', captchaCode: TEST_CAPTCHA });
    expect(unknown.message).toBe('验证码错误或已过期，请重新输入');
    expect(await hall.db.select().from(loginGuards).where(eq(loginGuards.loginName, 'hygh93001'))).toHaveLength(0);
  });
});

describe('unit login', () => {
  it('answers tokens and the unit user', async () => {
    const res = await hall.loginUnit('lhgh92001');
    expect(res.code).toBe(0);
    expect(res.data.accessToken.split('.')).toHaveLength(3);
    expect(res.data.refreshToken.length).toBeGreaterThan(30);
    expect(res.data.user).toEqual({ uact: 'lhgh92001', psnName: '长沙市高新区联合基层工会', uactLevel: 1, uniType: '92' });
  });

  it('answers a level-2 unit without a union type', async () => {
    const res = await hall.loginUnit('qydw92101');
    expect(res.data.user).toMatchObject({ uact: 'qydw92101', uactLevel: 2, uniType: '' });
  });

  it('gives the same message for a wrong account and a wrong password', async () => {
    const wrongPassword = await hall.loginUnit('dlgh99001', 'Wrong@2026');
    const wrongAccount = await hall.loginUnit('nobody0001', 'Wrong@2026');
    expect(wrongPassword.code).toBe(Code.FAIL);
    expect(wrongPassword.message).toBe(wrongAccount.message);
    expect(wrongPassword.message).toMatch(/^账号或密码错误/);
  });

  it('trims the account, and refuses a blank one with a Chinese message', async () => {
    expect((await hall.loginUnit('  fhgh93101 ')).code).toBe(0);
    const blank = await hall.post(ApiPath.unitLogin, {
      uact: '  ',
      password: 'x',
      captchaId: await hall.captcha(),
      captchaCode: TEST_CAPTCHA,
    });
    expect(blank).toMatchObject({ code: Code.FAIL, message: '请输入账号' });
  });

  it('answers 600067 with the tokens when the unit information is incomplete', async () => {
    await hall.db.update(units).set({ infoComplete: false }).where(eq(units.uact, 'fhgh93102'));
    const res = await hall.loginUnit('fhgh93102');
    expect(res.code).toBe(Code.NOTICE);
    expect(res.type).toBe('warning');
    expect(res.data.user.uact).toBe('fhgh93102');
    expect((await hall.get(ApiPath.userInfo, res.data.accessToken)).code).toBe(0);
  });

  it('refuses an account pending review or disabled', async () => {
    await hall.db.update(accounts).set({ status: 'pending' }).where(eq(accounts.loginName, 'qydw92102'));
    expect((await hall.loginUnit('qydw92102')).message).toBe('注册信息正在审核中，审核通过后方可登录');
    await hall.db.update(accounts).set({ status: 'disabled' }).where(eq(accounts.loginName, 'qydw92102'));
    expect((await hall.loginUnit('qydw92102')).message).toBe('账号已被停用，请联系市总工会');
  });

  it('/user/login is the same login under the template names', async () => {
    const res = await hall.post(ApiPath.userLogin, {
      username: 'hygh93001',
      password: 'Demo@2026',
      captchaId: await hall.captcha(),
      captchaCode: TEST_CAPTCHA,
    });
    expect(res.code).toBe(0);
    expect(res.data.token).toBe(res.data.accessToken);
    expect(res.data.user.uniType).toBe('93');
  });
});

describe('personal login', () => {
  it('answers tokens and the person', async () => {
    const res = await hall.loginPersonal('430102198503150022');
    expect(res.code).toBe(0);
    expect(res.data.user).toEqual({ certNo: '430102198503150022', name: '李华' });
  });

  it('does not accept a unit password for a person or the other way round', async () => {
    expect((await hall.loginPersonal('lhgh92001')).code).toBe(Code.FAIL);
  });
});

describe('lock after 5 failures in 15 minutes', () => {
  it('locks on the fifth failure, shows its own message, and opens again after 30 minutes', async () => {
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) messages.push((await hall.loginUnit('hygh93001', 'Wrong@2026')).message);
    expect(messages[0]).toBe('账号或密码错误，再失败4次账号将被锁定30分钟');
    expect(messages[3]).toBe('账号或密码错误，再失败1次账号将被锁定30分钟');
    expect(messages[4]).toBe('登录失败次数过多，账号已锁定，请30分钟后再试');
    expect(messages[5]).toBe('登录失败次数过多，账号已锁定，请30分钟后再试');
    // The right password does not open a locked account.
    expect((await hall.loginUnit('hygh93001')).message).toMatch(/账号已锁定/);
    hall.clock.advance(29 * 60_000);
    expect((await hall.loginUnit('hygh93001')).message).toBe('登录失败次数过多，账号已锁定，请1分钟后再试');
    hall.clock.advance(61_000);
    expect((await hall.loginUnit('hygh93001')).code).toBe(0);
    const locks = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'login-locked'));
    expect(locks.map((l) => l.actorKey)).toContain('hygh93001');
  });

  it('forgets failures older than 15 minutes', async () => {
    for (let i = 0; i < 4; i++) await hall.loginPersonal('430103199007120044', 'Wrong@2026');
    hall.clock.advance(16 * 60_000);
    expect((await hall.loginPersonal('430103199007120044', 'Wrong@2026')).message).toBe('账号或密码错误，再失败4次账号将被锁定30分钟');
    expect((await hall.loginPersonal('430103199007120044')).code).toBe(0);
  });

  it('locks a name that does not exist the same way', async () => {
    let last = '';
    for (let i = 0; i < 5; i++) last = (await hall.loginUnit('ghost12345', 'Wrong@2026')).message;
    expect(last).toBe('登录失败次数过多，账号已锁定，请30分钟后再试');
  });
});

describe('parallel attempts (the count is atomic in SQL)', () => {
  const parallelLogins = async (uact: string, passwords: string[]) => {
    const captchas: string[] = [];
    for (const _ of passwords) captchas.push(await hall.captcha());
    return Promise.all(
      passwords.map((password, i) => hall.post(ApiPath.unitLogin, { uact, password, captchaId: captchas[i], captchaCode: TEST_CAPTCHA })),
    );
  };

  it('forty wrong passwords at once lock the account; the right one after them meets the lock', async () => {
    const before = (await hall.db.select().from(auditLog).where(eq(auditLog.actorKey, 'dlgh99001'))).length;
    const answers = await parallelLogins('dlgh99001', Array(40).fill('Wrong@2026'));
    expect(answers.every((a) => a.code === Code.FAIL)).toBe(true);
    expect(answers.filter((a) => a.message.startsWith('账号或密码错误'))).toHaveLength(4);
    expect(answers.filter((a) => a.message.includes('账号已锁定'))).toHaveLength(36);
    const failed = await hall.db.select().from(auditLog).where(eq(auditLog.actorKey, 'dlgh99001'));
    expect(failed.slice(before).filter((r) => r.action === 'login-failed')).toHaveLength(4);
    expect(failed.slice(before).filter((r) => r.action === 'login-locked')).toHaveLength(1);
    expect((await hall.loginUnit('dlgh99001')).message).toBe('登录失败次数过多，账号已锁定，请30分钟后再试');
  });

  it('the right password among thirty wrong ones at once is checked only if it is among the first five', async () => {
    const passwords = [...Array(30).fill('Wrong@2026'), 'Demo@2026'];
    const answers = await parallelLogins('fhgh93101', passwords);
    expect(answers.slice(0, 30).every((a) => a.code === Code.FAIL)).toBe(true);
    expect(answers[30].message).toMatch(/账号已锁定/);
    expect((await hall.loginUnit('fhgh93101')).message).toMatch(/账号已锁定/);
  });

  it('parallel logins of one account leave exactly one live session', async () => {
    const answers = await parallelLogins('qydw92101', Array(5).fill('Demo@2026'));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    const [account] = await hall.db.select().from(accounts).where(eq(accounts.loginName, 'qydw92101'));
    const live = (await hall.db.select().from(sessions).where(eq(sessions.accountId, account.id))).filter((row) => !row.revokedAt);
    expect(live).toHaveLength(1);
  });
});
