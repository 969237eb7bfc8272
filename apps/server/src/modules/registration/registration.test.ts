import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ApiPath, Code } from '@hall/shared';
import { commands } from '../../cli/commands/index';
import { auditLog, outbox, units } from '../../db/schema';
import { idCard, unitRegistration } from '../../test/fixtures';
import { createTestHall, type TestHall } from '../../test/harness';
import { lastCode, lastMessage } from '../../test/outbox';
import { RESUBMIT_NEEDS_CODE } from './registration.service';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

const register = async (payload: object) => hall.post(ApiPath.insertRegisterInfo, { ...(await hall.human()), ...payload });
const run = (name: string, flags: Record<string, string>) => commands[name].run(hall.app.hall, flags, 'reviewer');
const unitCount = async () => Number((await hall.db.select({ n: count() }).from(units))[0].n);

describe('field rules of insertRegisterInfo', () => {
  const cases: Array<[field: string, value: unknown, message: string]> = [
    ['empUact', '', '请输入单位账号'],
    ['empUact', '12345678', '请输入2-14位字符，必须包含字母'],
    ['empUact', 'a', '请输入2-14位字符，必须包含字母'],
    ['empUact', 'abcdefghijklmno', '请输入2-14位字符，必须包含字母'],
    ['pwd', '', '请输入密码'],
    ['pwd', 'abcdefgh', '请输入8-16位密码，应由数字和字母组成'],
    ['pwd', 'Ab1', '请输入8-16位密码，应由数字和字母组成'],
    ['confirmPassword', '', '请再次输入密码'],
    ['confirmPassword', 'Other1234', '两次输入密码不一致'],
    ['empName', '', '请输入单位名称'],
    ['empName', '企'.repeat(501), '字段长度不能超过500'],
    ['empNo', 'x'.repeat(21), '字段长度不能超过20'],
    ['uscc', '', '请输入统一社会信用代码'],
    ['uscc', '91350100M000100Y44', '请输入正确的统一社会信用代码'],
    ['bizreglic', '1'.repeat(21), '字段长度不能超过20'],
    ['taxRegNo', '1'.repeat(21), '字段长度不能超过20'],
    ['legentTel', '', '请输入法定代表人手机号码'],
    ['legentTel', '0731-88880000', '请输入正确的手机号码'],
    ['empAddr', '', '请输入单位地址'],
    ['legentName', '', '请输入法定代表人姓名'],
    ['entLegrepIdcard', '', '请输入法定代表人证件号码'],
    ['entLegrepIdcard', '430104198001010010', '请输入正确的身份证号码'],
    ['certType', '', '请选择证件类型'],
    ['certType', '77', '请选择证件类型'],
    ['parentUact', '', '请选择上级工会'],
    ['parentUact', 'dlgh99001', '请选择正确的上级工会'],
    ['parentUact', 'qydw92101', '请选择正确的上级工会'],
  ];
  it.each(cases)('%s = %j → %s', async (field, value, message) => {
    const before = await unitCount();
    const res = await register(unitRegistration(1, { [field]: value }));
    expect(res).toMatchObject({ code: Code.FAIL, message });
    expect(await unitCount()).toBe(before);
  });

  it('checks the certificate number by its type', async () => {
    const res = await register(unitRegistration(1, { certType: '04', entLegrepIdcard: idCard('43010419800101001') }));
    expect(res.message).toBe('请输入正确的港澳通行证号码');
    expect((await register(unitRegistration(2, { certType: '04', entLegrepIdcard: 'H12345678' }))).code).toBe(0);
  });
});

describe('checkUnitinfo and duplicates', () => {
  it('answers 0 for free fields and names the one that is taken', async () => {
    expect(
      (await hall.post(ApiPath.checkUnitInfo, { empUact: 'free2026', uscc: unitRegistration(3).uscc, empName: '全新单位' })).code,
    ).toBe(0);
    expect((await hall.post(ApiPath.checkUnitInfo, { empUact: 'lhgh92001' })).message).toBe('该单位账号已被注册，请更换账号');
    expect((await hall.post(ApiPath.checkUnitInfo, { uscc: '91430100MA4L1010D5' })).message).toBe('该统一社会信用代码已注册，请勿重复注册');
    expect((await hall.post(ApiPath.checkUnitInfo, { empName: '长沙市星辰科技有限公司' })).message).toBe('该单位名称已注册，请勿重复注册');
    expect((await hall.post(ApiPath.checkUnitInfo, { uscc: 'bad' })).message).toBe('请输入正确的统一社会信用代码');
    expect((await hall.post(ApiPath.checkUnitInfo, {})).message).toBe('请输入单位账号、单位名称或统一社会信用代码');
  });

  it('refuses a second registration with the same account, credit code or name', async () => {
    expect((await register(unitRegistration(4))).code).toBe(0);
    expect((await register(unitRegistration(5, { empUact: 'newco2004' }))).message).toBe('该单位账号已被注册，请更换账号');
    expect((await register(unitRegistration(5, { uscc: unitRegistration(4).uscc }))).message).toBe(
      '该统一社会信用代码已注册，请勿重复注册',
    );
    expect((await register(unitRegistration(5, { empName: unitRegistration(4).empName }))).message).toBe('该单位名称已注册，请勿重复注册');
    expect((await register(unitRegistration(5, { uscc: unitRegistration(4).uscc.toLowerCase() }))).message).toBe(
      '该统一社会信用代码已注册，请勿重复注册',
    );
  });

  it('two submissions of one new account at the same moment: one wins, the other is refused', async () => {
    const [a, b] = await Promise.all([register(unitRegistration(10)), register(unitRegistration(11, { empUact: 'newco2010' }))]);
    expect([a.code, b.code].sort()).toEqual([0, Code.FAIL]);
    expect([a.message, b.message]).toContain('该单位账号已被注册，请更换账号');
  });
});

describe('review and first login', () => {
  it('pending → approved by the operator → 600067 → completed → logged in', async () => {
    const payload = unitRegistration(6);
    const submitted = await register(payload);
    expect(submitted.data).toMatchObject({
      empUact: 'newco2006',
      status: 'pending',
      statusLabel: '待审核',
      phone: '139****1006',
      reason: null,
    });
    expect((await lastMessage(hall, payload.legentTel)).content).toContain('注册申请已提交');
    // Nothing the applicant typed goes into an SMS (a unit name there would be a phishing carrier).
    expect((await lastMessage(hall, payload.legentTel)).content).not.toContain(payload.empName);
    const info = await hall.post(ApiPath.selectRegUserInfo, { empUact: 'newco2006' });
    expect(JSON.stringify(info.data)).not.toMatch(/Abc12345|password|pwd/i);
    expect((await hall.loginUnit('newco2006', 'Abc12345')).message).toBe('注册信息正在审核中，审核通过后方可登录');

    expect(await run('registration-list', { status: 'pending' })).toContain('newco2006');
    expect(await run('registration-approve', { uact: 'newco2006' })).toBe('已审核通过 newco2006，已短信通知 139****1006');
    expect((await lastMessage(hall, payload.legentTel)).content).toMatch(/已审核通过，请使用注册的单位账号登录/);
    expect((await lastMessage(hall, payload.legentTel)).content).not.toMatch(/newco2006|星辰|有限公司/);
    expect((await hall.post(ApiPath.selectRegUserInfo, { empUact: 'newco2006' })).data.status).toBe('approved');
    await expect(run('registration-approve', { uact: 'newco2006' })).rejects.toThrow('该注册申请已处理（审核通过）');

    const login = await hall.loginUnit('newco2006', 'Abc12345');
    expect(login.code).toBe(Code.NOTICE);
    expect(login.data.user).toEqual({ uact: 'newco2006', psnName: payload.empName, uactLevel: 2, uniType: '' });
    const token = login.data.accessToken;
    expect((await hall.post(ApiPath.selectUnitInfo, {}, token)).data).toMatchObject({
      uact: 'newco2006',
      uscc: payload.uscc,
      parentUact: 'lhgh92001',
      infoComplete: false,
      legentTel: payload.legentTel,
    });

    const completion = {
      contactName: '孙丽',
      contactTel: '0731-88886666',
      regionCode: '430104',
      empType: '10',
      staffCount: '35',
      empAddr: payload.empAddr,
      postalCode: '410000',
    };
    for (const [field, value, message] of [
      ['contactTel', '12345', '请输入正确的联系电话'],
      ['regionCode', '', '请选择所属区域'],
      ['staffCount', '0', '请输入正确的职工人数'],
      ['empType', '77', '请选择单位类型'],
      ['postalCode', '012345', '请输入正确的邮政编码'],
      ['contactName', '', '请输入联系人姓名'],
    ]) {
      expect((await hall.post(ApiPath.completionRegInfo, { ...completion, [field]: value }, token)).message, field).toBe(message);
    }
    const done = await hall.post(ApiPath.completionRegInfo, completion, token);
    const changes = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'unit-info-change'));
    expect(changes.find((c) => c.actorKey === 'newco2006')?.detail).toMatchObject({
      fields: expect.arrayContaining(['contactName', 'contactTel']),
    });
    expect(done.data).toMatchObject({ infoComplete: true, contactName: '孙丽', staffCount: 35, regionCode: '430104' });
    expect((await hall.loginUnit('newco2006', 'Abc12345')).code).toBe(0);

    const audits = await hall.db.select().from(auditLog).where(eq(auditLog.actorKey, 'reviewer'));
    expect(audits.map((a) => (a.detail as { command: string }).command)).toContain('registration-approve');
  });

  it('rejected with a reason, told by SMS; the applicant corrects and submits again', async () => {
    const payload = unitRegistration(7);
    await register(payload);
    await expect(run('registration-reject', { uact: 'newco2007', reason: ' ' })).rejects.toThrow();
    expect(await run('registration-reject', { uact: 'newco2007', reason: '营业执照与单位名称不一致' })).toContain('已驳回 newco2007');
    expect((await lastMessage(hall, payload.legentTel)).content).toContain('原因：营业执照与单位名称不一致');
    expect((await hall.post(ApiPath.selectRegUserInfo, { empUact: 'newco2007' })).data).toMatchObject({
      status: 'rejected',
      statusLabel: '审核未通过',
      reason: '营业执照与单位名称不一致',
    });
    expect((await hall.loginUnit('newco2007', 'Abc12345')).message).toContain('注册申请未通过审核');
    expect(await run('registration-list', { status: 'rejected' })).toContain('营业执照与单位名称不一致');

    // Another credit code cannot take the rejected account; the same unit may submit again, but only
    // with the code sent to the original applicant's phone: knowing the account and the public
    // credit code is not enough (the hijack this closes).
    expect((await register(unitRegistration(8, { empUact: 'newco2007' }))).message).toBe('该单位账号已被注册，请更换账号');
    expect((await hall.post(ApiPath.checkUnitInfo, { empUact: 'newco2007' })).data).toEqual({ resubmit: true });
    const correction = {
      ...payload,
      empName: `${payload.empName}（更正）`,
      pwd: 'Xyz12345',
      confirmPassword: 'Xyz12345',
      legentTel: '13966660000',
    };
    expect((await register(correction)).message).toBe(RESUBMIT_NEEDS_CODE);
    expect((await register({ ...correction, msgAuthCode: '123456' })).message).toBe('请先获取验证码');
    hall.clock.advance(61_000);
    expect(
      (
        await hall.post(ApiPath.getPsnMobCode, {
          certNo: 'newco2007',
          loginType: 'unit',
          purpose: 'register-resubmit',
          ...(await hall.human()),
        })
      ).code,
    ).toBe(0);
    expect(await lastMessage(hall, '13966660000')).toBeUndefined();
    const again = await register({ ...correction, msgAuthCode: await lastCode(hall, payload.legentTel) });
    expect(again.data).toMatchObject({ status: 'pending', reason: null, phone: '139****0000' });
    await run('registration-approve', { uact: 'newco2007' });
    expect((await hall.loginUnit('newco2007', 'Xyz12345')).code).toBe(Code.NOTICE);
  });

  it('selectRegUserInfo refuses an unknown account; unit-only calls refuse a person', async () => {
    expect((await hall.post(ApiPath.selectRegUserInfo, { empUact: 'nobody' })).message).toBe('未查询到该账号的注册信息');
    const person = (await hall.loginPersonal('430102198503150022')).data.accessToken;
    expect((await hall.post(ApiPath.completionRegInfo, {}, person)).message).toBe('该功能仅限单位用户使用');
  });
});

describe('abuse', () => {
  it('a submission needs a captcha, and each captcha serves once', async () => {
    const payload = unitRegistration(20);
    const before = await unitCount();
    expect((await hall.post(ApiPath.insertRegisterInfo, payload)).message).toBe('请输入图形验证码');
    const human = await hall.human();
    expect((await hall.post(ApiPath.insertRegisterInfo, { ...payload, ...human, captchaCode: '0000' })).message).toBe(
      '验证码错误或已过期，请重新输入',
    );
    expect((await hall.post(ApiPath.insertRegisterInfo, { ...payload, ...human })).message).toBe('验证码错误或已过期，请重新输入');
    expect(await unitCount()).toBe(before);
  });

  it('the hall sends one phone at most five notices a day, however many registrations name it', async () => {
    const phone = '13955550000';
    for (let i = 0; i < 7; i++) expect((await register(unitRegistration(30 + i, { legentTel: phone }))).code).toBe(0);
    const sent = await hall.db.select().from(outbox).where(eq(outbox.target, phone));
    expect(sent).toHaveLength(5);
  });
});

describe('parent unions', () => {
  it('lists level-1 unions of type 92 and 93, filtered by name', async () => {
    const all = await hall.get(ApiPath.queryFirstContact);
    expect(all.data.map((u: { uact: string }) => u.uact).sort()).toEqual(['hygh93001', 'lhgh92001']);
    expect(all.data[0]).toEqual({ uact: 'lhgh92001', empName: '长沙市高新区联合基层工会', uniType: '92' });
    const filtered = await hall.post(ApiPath.queryFirstContactForOrg, { empName: '建筑' });
    expect(filtered.data).toEqual([{ uact: 'hygh93001', empName: '长沙市建筑行业工会', uniType: '93' }]);
  });
});
