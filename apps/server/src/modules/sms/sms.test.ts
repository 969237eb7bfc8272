import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiPath, Code } from '@hall/shared';
import { commands } from '../../cli/commands/index';
import { auditLog, verificationCodes } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { lastCode, lastMessage } from '../../test/outbox';
import { consumeCode, type CodeKey } from './codes.service';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

const send = async (phone: string, purpose = 'find-password') =>
  hall.post(ApiPath.sendMessage, { phone, purpose, ...(await hall.human()) });
const key = (target: string, purpose = 'find-password'): CodeKey => ({ channel: 'sms', target, purpose });
const consume = (target: string, code: string, purpose?: string) => consumeCode(hall.app.hall, key(target, purpose), code);
const MINUTE = 60_000;

describe('sending', () => {
  it('sends a 6-digit code to the outbox and answers the phone masked', async () => {
    const res = await send('13900000001');
    expect(res).toMatchObject({ code: 0, data: { phone: '139****0001', onRecord: false } });
    const message = await lastMessage(hall, '13900000001');
    expect(message.content).toMatch(/^【长沙市总工会】验证码\d{6}，您正在进行找回密码，5分钟内有效/);
    // Only a keyed hash is stored.
    const [row] = await hall.db.select().from(verificationCodes).where(eq(verificationCodes.target, '13900000001'));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(await lastCode(hall, '13900000001'));
  });

  it('refuses a malformed phone or an unknown purpose', async () => {
    expect((await send('12900000001')).message).toBe('请输入正确的手机号码');
    expect((await send('13900000001', 'login')).message).toBe('验证码用途不正确');
  });

  it('allows one a minute per phone, whatever the purpose', async () => {
    await send('13900000002');
    expect(await send('13900000002', 'register-resubmit')).toMatchObject({ code: Code.FAIL, message: '发送过于频繁，请60秒后再试' });
    hall.clock.advance(45_000);
    expect((await send('13900000002')).message).toBe('发送过于频繁，请15秒后再试');
    hall.clock.advance(15_000);
    expect((await send('13900000002')).code).toBe(0);
  });

  it('two sends at the same moment: one code, one refusal', async () => {
    const answers = await Promise.all([send('13900000004'), send('13900000004')]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, Code.FAIL]);
  });

  it('allows ten a day per phone, and again the next day (China time)', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await send('13900000003')).code, `send ${i + 1}`).toBe(0);
      hall.clock.advance(MINUTE);
    }
    expect(await send('13900000003')).toMatchObject({ code: Code.FAIL, message: '今日发送次数已达上限，请明日再试' });
    hall.clock.advance(24 * 60 * MINUTE);
    expect((await send('13900000003')).code).toBe(0);
  });

  it('getPsnMobCode sends to the phone on record of a personal account, and answers the same for an unknown one', async () => {
    const res = await hall.post(ApiPath.getPsnMobCode, { certNo: '430102198503150022', purpose: 'find-password', ...(await hall.human()) });
    expect(res).toMatchObject({ code: 0, data: null });
    expect((await lastMessage(hall, '13807310001')).content).toContain('找回密码');
    const unknown = await hall.post(ApiPath.getPsnMobCode, {
      certNo: '430102199001010000',
      purpose: 'find-password',
      ...(await hall.human()),
    });
    expect(unknown).toEqual({ ...res, status: unknown.status });
    // A second send within the minute is refused by the per-phone limit, but the answer stays the same.
    const again = await hall.post(ApiPath.getPsnMobCode, {
      certNo: '430102198503150022',
      purpose: 'find-password',
      ...(await hall.human()),
    });
    expect(again).toEqual({ ...res, status: again.status });
  });

  it('every send needs a captcha, used once', async () => {
    expect((await hall.post(ApiPath.sendMessage, { phone: '13900000020', purpose: 'find-password' })).message).toBe('请输入图形验证码');
    const human = await hall.human();
    expect((await hall.post(ApiPath.sendMessage, { phone: '13900000020', purpose: 'find-password', ...human })).code).toBe(0);
    hall.clock.advance(2 * MINUTE);
    expect((await hall.post(ApiPath.sendMessage, { phone: '13900000020', purpose: 'find-password', ...human })).message).toBe(
      '验证码错误或已过期，请重新输入',
    );
    const bare = await hall.post(ApiPath.getPsnMobCode, { certNo: '430102198503150022', purpose: 'find-password' });
    expect(bare.message).toBe('请输入图形验证码');
  });

  it('an agent-register code for a person the registry knows goes to the registry phone, not the one typed', async () => {
    const res = await hall.post(ApiPath.sendMessage, {
      phone: '13900000021',
      purpose: 'agent-register',
      certno: '430102198503150022',
      ...(await hall.human()),
    });
    expect(res).toMatchObject({ code: 0, data: { phone: '138****0001', onRecord: true } });
    expect(await lastMessage(hall, '13900000021')).toBeUndefined();
    expect(
      await hall.post(ApiPath.sendMessage, { phone: '13900000021', purpose: 'agent-register', ...(await hall.human()) }),
    ).toMatchObject({
      code: Code.FAIL,
      message: '请先输入证件号码',
    });
  });

  it('sendEmailCode needs a login and writes an e-mail to the outbox', async () => {
    expect((await hall.post(ApiPath.sendEmailCode, { email: 'a@example.com' })).code).toBe(Code.NO_TOKEN);
    const token = (await hall.loginUnit('dlgh99001')).data.accessToken;
    expect(await hall.post(ApiPath.sendEmailCode, { email: 'Union@Example.com' }, token)).toMatchObject({
      code: 0,
      data: { email: 'u***@example.com' },
    });
    const mail = await lastMessage(hall, 'union@example.com');
    expect(mail).toMatchObject({ channel: 'email', subject: expect.stringContaining('邮箱验证码') });
    expect((await hall.post(ApiPath.sendEmailCode, { email: 'not-an-email' }, token)).message).toBe('请输入正确的邮箱地址');
  });

  it('ops sms-outbox lists the messages, filtered by phone', async () => {
    const out = await commands['sms-outbox'].run(hall.app.hall, { phone: '13900000001' }, 'tester');
    expect(out).toMatch(/短信 {2}13900000001 {2}【长沙市总工会】验证码\d{6}/);
    expect(out).not.toContain('13900000002');
  });
});

describe('checking a code', () => {
  it('a right code passes once; the second use is refused', async () => {
    hall.clock.advance(2 * MINUTE);
    await send('13900000010');
    const code = await lastCode(hall, '13900000010');
    await consume('13900000010', code);
    await expect(consume('13900000010', code)).rejects.toThrow('验证码已使用，请重新获取');
  });

  it('an expired code is refused', async () => {
    await send('13900000011');
    const code = await lastCode(hall, '13900000011');
    hall.clock.advance(5 * MINUTE + 1000);
    await expect(consume('13900000011', code)).rejects.toThrow('验证码已过期，请重新获取');
  });

  it('a wrong code counts; the fifth wrong try kills it, and the right one is then refused too', async () => {
    await send('13900000012');
    const code = await lastCode(hall, '13900000012');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) await expect(consume('13900000012', wrong)).rejects.toThrow(`验证码错误，还可输入${left}次`);
    await expect(consume('13900000012', wrong)).rejects.toThrow('验证码错误次数过多，请重新获取');
    await expect(consume('13900000012', code)).rejects.toThrow('验证码错误次数过多，请重新获取');
    // Sends and wrong tries are audited, the phone masked.
    const rows = await hall.db.select().from(auditLog).where(eq(auditLog.actorKey, '139****0012'));
    expect(rows.map((r) => r.action).sort()).toEqual(['code-sent', 'code-wrong', 'code-wrong', 'code-wrong', 'code-wrong', 'code-wrong']);
    expect(JSON.stringify(rows)).not.toContain('13900000012');
  });

  it('a code is bound to its phone and purpose, and only the newest one counts', async () => {
    await send('13900000013', 'register-resubmit');
    const first = await lastCode(hall, '13900000013');
    await expect(consume('13900000013', first, 'find-password')).rejects.toThrow('请先获取验证码');
    await expect(consume('13900000014', first, 'register-resubmit')).rejects.toThrow('请先获取验证码');
    hall.clock.advance(MINUTE);
    await send('13900000013', 'register-resubmit');
    const second = await lastCode(hall, '13900000013');
    if (second !== first) await expect(consume('13900000013', first, 'register-resubmit')).rejects.toThrow(/验证码错误/);
    await consume('13900000013', second, 'register-resubmit');
  });
});
