import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiPath, Code } from '@hall/shared';
import { commands } from '../../cli/commands/index';
import { accountEmails, auditLog } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo-data';
import { unitRegistration } from '../../test/fixtures';
import { createTestHall, type TestHall } from '../../test/harness';
import { lastCode } from '../../test/outbox';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

const LIHUA = { certNo: '430102198503150022', phone: '13807310001' };
const MISMATCH = '账号与预留手机号码不一致，请核对后重试';
const findBack = (payload: object) => hall.post(ApiPath.findBackPassword, payload);
async function smsCode(phone: string) {
  hall.clock.advance(61_000);
  expect((await hall.post(ApiPath.sendMessage, { phone, purpose: 'find-password', ...(await hall.human()) })).code).toBe(0);
  return lastCode(hall, phone);
}

describe('findBackPassword', () => {
  it('a worker recovers the password by SMS: sessions end, the lock lifts, the new password logs in', async () => {
    const before = (await hall.loginPersonal(LIHUA.certNo)).data.accessToken;
    for (let i = 0; i < 5; i++) await hall.loginPersonal(LIHUA.certNo, 'Wrong1234');
    expect((await hall.loginPersonal(LIHUA.certNo)).message).toMatch(/账号已锁定/);

    const sent = await hall.post(ApiPath.getPsnMobCode, { certNo: LIHUA.certNo, purpose: 'find-password', ...(await hall.human()) });
    expect(sent).toMatchObject({ code: 0, data: null });
    const code = await lastCode(hall, LIHUA.phone);
    // The phone may be left out: the code went to the phone on record.
    const res = await findBack({
      loginType: 'personal',
      loginName: LIHUA.certNo,
      msgAuthCode: code,
      pwd: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(res.code).toBe(0);
    expect((await hall.get(ApiPath.userInfo, before)).code).toBe(Code.REFRESH_INVALID);
    expect((await hall.loginPersonal(LIHUA.certNo, 'NewPass123')).code).toBe(0);
    expect((await hall.loginPersonal(LIHUA.certNo, DEMO_PASSWORD)).code).toBe(Code.FAIL);
    const audits = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'password-recover'));
    expect(audits.at(-1)?.detail).toMatchObject({ outcome: 'changed' });
  });

  it('gives one message for an unknown account and for a phone that is not the account’s', async () => {
    const code = await smsCode('13900009999');
    const base = { loginType: 'personal', phone: '13900009999', pwd: 'NewPass123', confirmPassword: 'NewPass123' };
    expect(await findBack({ ...base, loginName: '430103199007120044', msgAuthCode: code })).toMatchObject({
      code: Code.FAIL,
      message: MISMATCH,
    });
    const again = await smsCode('13900009999');
    expect((await findBack({ ...base, loginName: '430102199901010000', msgAuthCode: again })).message).toBe(MISMATCH);
    expect((await findBack({ ...base, phone: undefined, loginName: 'nobody2026', msgAuthCode: again })).message).toBe(MISMATCH);
    expect((await hall.loginPersonal('430103199007120044')).code).toBe(0);
  });

  it('a unit recovers by its legal representative’s mobile from the registration', async () => {
    const reg = unitRegistration(9);
    await hall.post(ApiPath.insertRegisterInfo, { ...reg, ...(await hall.human()) });
    await commands['registration-approve'].run(hall.app.hall, { uact: reg.empUact }, 'reviewer');
    const code = await smsCode(reg.legentTel);
    const res = await findBack({
      loginType: 'unit',
      loginName: reg.empUact,
      phone: reg.legentTel,
      msgAuthCode: code,
      pwd: 'Unit54321',
      confirmPassword: 'Unit54321',
    });
    expect(res.code).toBe(0);
    expect((await hall.loginUnit(reg.empUact, 'Unit54321')).code).toBe(Code.NOTICE);
  });

  it('refuses a wrong code, a weak password and a mismatch of the two passwords', async () => {
    const code = await smsCode(LIHUA.phone);
    const base = {
      loginType: 'personal',
      loginName: LIHUA.certNo,
      phone: LIHUA.phone,
      msgAuthCode: code,
      pwd: 'Again1234',
      confirmPassword: 'Again1234',
    };
    expect((await findBack({ ...base, pwd: 'short', confirmPassword: 'short' })).message).toBe('请输入8-16位密码，应由数字和字母组成');
    expect((await findBack({ ...base, confirmPassword: 'Again12345' })).message).toBe('两次输入密码不一致');
    expect((await findBack({ ...base, loginType: 'admin' })).message).toBe('请选择账号类型');
    expect((await findBack({ ...base, msgAuthCode: code === '111111' ? '222222' : '111111' })).message).toBe('验证码错误，还可输入4次');
    expect((await findBack(base)).code).toBe(0);
    expect((await findBack(base)).message).toBe('验证码已使用，请重新获取');
  });
});

describe('resetPassword and bindEmail (logged in)', () => {
  it('changes the password with the old one and ends the other sessions', async () => {
    const elsewhere = (await hall.loginUnit('dlgh99001')).data;
    // A second login supersedes the first: use the newest session as "this" one.
    const token = (await hall.loginUnit('dlgh99001')).data.accessToken;
    const reset = (body: object) => hall.post(ApiPath.resetPassword, body, token);
    expect((await reset({ oldPwd: 'Wrong@2026', pwd: 'Fresh1234', confirmPassword: 'Fresh1234' })).message).toBe('原密码错误');
    expect((await reset({ oldPwd: DEMO_PASSWORD, pwd: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD })).message).toBe(
      '新密码不能与原密码相同',
    );
    expect((await reset({ oldPwd: DEMO_PASSWORD, pwd: 'Fresh1234', confirmPassword: 'Fresh123' })).message).toBe('两次输入密码不一致');
    expect((await reset({ oldPwd: DEMO_PASSWORD, pwd: 'Fresh1234', confirmPassword: 'Fresh1234' })).code).toBe(0);
    expect((await hall.get(ApiPath.userInfo, token)).code).toBe(0);
    expect((await hall.refresh(elsewhere.refreshToken)).code).not.toBe(0);
    expect((await hall.loginUnit('dlgh99001', 'Fresh1234')).code).toBe(0);
    expect((await hall.post(ApiPath.resetPassword, {})).code).toBe(Code.NO_TOKEN);
  });

  it('binds an e-mail address with the code sent to it', async () => {
    const token = (await hall.loginPersonal('430105199211080011')).data.accessToken;
    await hall.post(ApiPath.sendEmailCode, { email: 'liuyang@example.com' }, token);
    const code = await lastCode(hall, 'liuyang@example.com');
    expect(
      (await hall.post(ApiPath.bindEmail, { email: 'liuyang@example.com', code: code === '000000' ? '999999' : '000000' }, token)).message,
    ).toBe('验证码错误，还可输入4次');
    expect((await hall.post(ApiPath.bindEmail, { email: 'other@example.com', code }, token)).message).toBe('请先获取验证码');
    expect((await hall.post(ApiPath.bindEmail, { email: 'LiuYang@example.com', code }, token)).data).toEqual({
      email: 'liuyang@example.com',
    });
    const [row] = await hall.db.select().from(accountEmails);
    expect(row.email).toBe('liuyang@example.com');
  });
});
