import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiPath, Code } from '@hall/shared';
import { agents, persons } from '../../db/schema';
import { idCard } from '../../test/fixtures';
import { createTestHall, type TestHall } from '../../test/harness';
import { lastCode, lastMessage } from '../../test/outbox';
import { NO_PHONE_ON_RECORD } from './agent.service';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

const agent = (n: number, overrides: Record<string, unknown> = {}) => ({
  opterTel: `1368888${String(1000 + n).slice(-4)}`,
  pwd: 'Agent1234',
  confirmPassword: 'Agent1234',
  certType: '01',
  certno: idCard(`43010219900101${String(100 + n).slice(-3)}`),
  certificateStartDate: '2020-01-01',
  certificateEndDate: '2040-01-01',
  empOpterName: '周经办',
  msgAuthCode: '000000',
  ...overrides,
});

/** Asks for the code as the form does; `readOn` is the phone whose messages the tester can read. */
async function withCode(payload: ReturnType<typeof agent>, readOn = payload.opterTel) {
  hall.clock.advance(61_000);
  const sent = await hall.post(ApiPath.sendMessage, {
    phone: payload.opterTel,
    purpose: 'agent-register',
    certno: payload.certno,
    ...(await hall.human()),
  });
  expect(sent.code).toBe(0);
  return { ...payload, msgAuthCode: (await lastMessage(hall, readOn)) ? await lastCode(hall, readOn) : '000000' };
}
const exists = async (certType: string, certno: string) =>
  hall.post(ApiPath.checkAgentExist, { certType, certno, ...(await hall.human()) });

describe('agent registration', () => {
  it('registers with the SMS code and logs in as a personal user', async () => {
    const payload = await withCode(agent(1));
    expect((await exists('01', payload.certno)).data).toEqual({ exists: false });
    const res = await hall.post(ApiPath.agentRegister, payload);
    expect(res.data).toEqual({ certno: payload.certno, name: '周经办', phone: '136****1001' });
    expect((await exists('1', payload.certno)).data).toEqual({ exists: true });
    expect((await hall.post(ApiPath.selectOpterMobInfo, { certno: payload.certno, ...(await hall.human()) })).data).toEqual({
      phone: '136****1001',
    });
    expect((await hall.post(ApiPath.selectOpterMobInfo, { certno: payload.certno })).message).toBe('请输入图形验证码');
    expect((await hall.post(ApiPath.checkAgentExist, { certType: '01', certno: payload.certno })).message).toBe('请输入图形验证码');
    const login = await hall.loginPersonal(payload.certno, 'Agent1234');
    expect(login.data.user).toEqual({ certNo: payload.certno, name: '周经办' });
    const [person] = await hall.db.select().from(persons).where(eq(persons.certNo, payload.certno));
    expect(person).toMatchObject({ phone: payload.opterTel, gender: '1' });
    expect(await hall.db.select().from(agents).where(eq(agents.personId, person.id))).toHaveLength(1);
    // Now a known person: a second registration's code goes to the phone on record.
    expect((await hall.post(ApiPath.agentRegister, await withCode(agent(1)))).message).toBe('该证件号码已注册，请直接登录');
  });

  it('a worker the registry knows: only the registry phone proves it, and the registry is never overwritten', async () => {
    const [worker] = await hall.db.select().from(persons).where(eq(persons.name, '张伟'));
    await hall.db.update(persons).set({ phone: '13707310099' }).where(eq(persons.id, worker.id));
    // The attacker types the worker's name and number and their own phone: the code goes to the registry phone.
    const attack = await withCode(agent(2, { certno: worker.certNo, empOpterName: '张伟' }));
    expect(await lastMessage(hall, attack.opterTel)).toBeUndefined();
    expect((await hall.post(ApiPath.agentRegister, attack)).code).toBe(Code.FAIL);
    expect(await hall.db.select().from(agents).where(eq(agents.personId, worker.id))).toHaveLength(0);
    // The worker, who reads the registry phone, but under another name: refused after the code.
    const wrongName = await withCode(agent(3, { certno: worker.certNo, empOpterName: '李四' }), '13707310099');
    expect((await hall.post(ApiPath.agentRegister, wrongName)).message).toBe('姓名与证件号码不匹配');
    const right = await withCode(agent(3, { certno: worker.certNo, empOpterName: '张伟', certificateEndDate: '长期' }), '13707310099');
    expect(await hall.post(ApiPath.agentRegister, right)).toMatchObject({ code: 0, data: { phone: '137****0099' } });
    expect((await hall.db.select().from(persons).where(eq(persons.id, worker.id)))[0]).toMatchObject({
      phone: '13707310099',
      name: '张伟',
    });
  });

  it('a known worker without a phone on record cannot register here', async () => {
    const [worker] = await hall.db.select().from(persons).where(eq(persons.name, '李强'));
    await hall.db.update(persons).set({ phone: null }).where(eq(persons.id, worker.id));
    const sent = await hall.post(ApiPath.sendMessage, {
      phone: '13688889999',
      purpose: 'agent-register',
      certno: worker.certNo,
      ...(await hall.human()),
    });
    expect(sent).toMatchObject({ code: 0, data: { phone: '', onRecord: true } });
    expect(await lastMessage(hall, '13688889999')).toBeUndefined();
    const res = await hall.post(ApiPath.agentRegister, agent(7, { certno: worker.certNo, empOpterName: '李强', opterTel: '13688889999' }));
    expect(res.message).toBe(NO_PHONE_ON_RECORD);
  });

  it('refuses a wrong SMS code and a code sent to another phone', async () => {
    const payload = await withCode(agent(4));
    const wrong = payload.msgAuthCode === '123456' ? '654321' : '123456';
    expect((await hall.post(ApiPath.agentRegister, { ...payload, msgAuthCode: wrong })).message).toBe('验证码错误，还可输入4次');
    expect((await hall.post(ApiPath.agentRegister, { ...payload, opterTel: '13688880000' })).message).toBe('请先获取验证码');
    expect((await exists('01', payload.certno)).data.exists).toBe(false);
  });

  const cases: Array<[string, unknown, string]> = [
    ['opterTel', '', '请输入手机号码'],
    ['opterTel', '23688881000', '请输入正确的手机号码'],
    ['pwd', '12345678', '请输入8-16位密码，应由数字和字母组成'],
    ['confirmPassword', 'Agent12345', '两次输入密码不一致'],
    ['certType', '', '请选择证件类型'],
    ['certno', '', '请输入证件号码'],
    ['certno', '430102199001010000', '请输入正确的身份证号码'],
    ['certificateStartDate', '', '请选择证件有效期开始日期'],
    ['certificateEndDate', '', '请选择证件有效期结束日期'],
    ['certificateEndDate', '2019-01-01', '开始时间不能大于结束时间'],
    ['certificateEndDate', '2025-02-30', '请选择正确的证件有效期结束日期'],
    ['certificateEndDate', '2026-01-01', '证件已过期，请使用有效期内的证件'],
    ['empOpterName', '', '请输入经办人姓名'],
    ['msgAuthCode', '', '请输入短信验证码'],
    ['msgAuthCode', '12345', '请输入6位数字验证码'],
  ];
  it.each(cases)('%s = %j → %s', async (field, value, message) => {
    expect(await hall.post(ApiPath.agentRegister, agent(5, { [field]: value }))).toMatchObject({ code: Code.FAIL, message });
  });

  it('checks a certificate number by its type', async () => {
    expect((await hall.post(ApiPath.agentRegister, agent(6, { certType: '06', certno: 'abc' }))).message).toBe(
      '请输入正确的台湾通行证号码',
    );
    expect((await hall.post(ApiPath.selectOpterMobInfo, { certno: '430102199001019999', ...(await hall.human()) })).message).toBe(
      '未查询到经办人信息',
    );
  });
});

describe('real-name check and dictionaries', () => {
  it('needs a login: a unit checks its own staff, a person themself', async () => {
    expect((await hall.post(ApiPath.checkRealName, { certNo: '430102198503150022', name: '李华' })).code).toBe(Code.NO_TOKEN);
    const unit = (await hall.loginUnit('qydw92101')).data.accessToken;
    expect((await hall.post(ApiPath.checkRealName, { certNo: '430102198503150022', name: '李华' }, unit)).data).toEqual({ matched: true });
    expect((await hall.post(ApiPath.checkRealName, { uact: 'qydw92101', certNo: '430102198503150022', name: '李华' }, unit)).data).toEqual({
      matched: true,
    });
    expect(await hall.post(ApiPath.checkRealName, { certNo: '430102198503150022', name: '王五' }, unit)).toMatchObject({
      code: Code.FAIL,
      message: '姓名与证件号码不匹配',
    });
    expect((await hall.post(ApiPath.checkRealName, { certNo: idCard('43010219660606001'), name: '某人' }, unit)).data).toEqual({
      matched: false,
    });
    // Another unit's worker answers as unknown; naming another unit is refused.
    const other = (await hall.loginUnit('fhgh93101')).data.accessToken;
    expect((await hall.post(ApiPath.checkRealName, { certNo: '430102198503150022', name: '李华' }, other)).data).toEqual({
      matched: false,
    });
    expect((await hall.post(ApiPath.checkRealName, { uact: 'qydw92101', certNo: '430102198503150022', name: '李华' }, other)).message).toBe(
      '只能核验本单位职工或本人的信息',
    );
    const person = (await hall.loginPersonal('430103199007120044')).data.accessToken;
    expect((await hall.post(ApiPath.checkRealName, { certNo: '430103199007120044', name: '王芳' }, person)).data).toEqual({
      matched: true,
    });
    expect((await hall.post(ApiPath.checkRealName, { certNo: '430102198503150022', name: '李华' }, person)).message).toBe(
      '只能核验本单位职工或本人的信息',
    );
  });

  it('getDiclist answers a dictionary like listPubservSysDicList', async () => {
    const res = await hall.post(ApiPath.publicDicList, { type: 'CERT_TYPE' });
    expect(res.data[0]).toEqual({ label: '居民身份证', value: '01' });
    expect((await hall.post(ApiPath.publicDicList, { type: 'bad type' })).code).toBe(Code.FAIL);
  });
});
