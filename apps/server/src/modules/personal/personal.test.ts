import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonalPath, STAFF_MESSAGES } from '@hall/shared';
import { persons } from '../../db/schema';
import { cover } from '../../test/claim-fixtures';
import { createTestHall, type TestHall } from '../../test/harness';
import { lastCode, lastMessage } from '../../test/outbox';
import { rows } from '../../test/refusal';

/*
 * /personalInformationBase: the person's record, the phone change (code to the NEW phone) and the
 * bank card change (code to the phone on record): captcha, limits, single use, expiry, audit, mail.
 */

const LIHUA = '430102198503150022';
const WANGFANG = '430103199007120044';
let hall: TestHall;
let me: string;
let unit: string;
let personId: number;
let oldPhone: string;
const NEW = '13900001111';

const post = (path: string, body: Record<string, unknown> = {}, token = me) => hall.post(path, body, token);

beforeAll(async () => {
  hall = await createTestHall();
  me = (await hall.loginPersonal(LIHUA)).data.accessToken;
  unit = (await hall.loginUnit('qydw92101')).data.accessToken;
  const [p] = await hall.db.select().from(persons).where(eq(persons.certNo, LIHUA));
  personId = p.id;
  oldPhone = p.phone!;
  await cover(hall.db, { uact: 'qydw92101', personId, year: 2026, products: [{ code: '01', shares: 2 }], coveredFrom: '2026-05-01' });
  await cover(hall.db, { uact: 'qydw92101', personId, year: 2025, products: [{ code: '01' }], coveredFrom: '2025-01-01' });
});
afterAll(() => hall.close());

describe('the record', () => {
  it('shows the person masked, with unit, coverages, waiting end and card; units are refused', async () => {
    const r = await post(PersonalPath.personalInfo);
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({
      name: '李华',
      certNo: '4301**********0022',
      gender: '女',
      unitName: expect.stringContaining('星辰科技'),
    });
    expect(r.data.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(r.data.coverages[0]).toMatchObject({
      year: 2026,
      productName: '住院医疗互助',
      shares: 2,
      coveredFrom: '2026-05-01',
      coveredTo: '2026-12-31',
      waitingEnd: '2026-04-30',
      state: 'covered',
      stateLabel: '保障中',
    });
    expect(r.data.coverages[1]).toMatchObject({ year: 2025, state: 'ended', stateLabel: '已到期', waitingEnd: null });
    for (const path of [PersonalPath.personalInfo, PersonalPath.personalPhoneChange, PersonalPath.personalCardChange])
      expect((await post(path, {}, unit)).message).toBe('该功能仅限个人用户使用');
  });
});

describe('phone change', () => {
  it('refuses a bad captcha, the same phone and a phone bound to another person', async () => {
    expect(
      (await post(PersonalPath.personalPhoneCode, { phone: NEW, captchaId: await hall.captcha(), captchaCode: '0000' })).code,
    ).not.toBe(0);
    expect((await post(PersonalPath.personalPhoneCode, { phone: oldPhone, ...(await hall.human()) })).message).toBe(
      '新手机号码与当前手机号码相同',
    );
    const [w] = await hall.db.select().from(persons).where(eq(persons.certNo, WANGFANG));
    expect((await post(PersonalPath.personalPhoneCode, { phone: w.phone, ...(await hall.human()) })).message).toBe(
      '该手机号码已被其他个人用户绑定，请更换号码',
    );
    expect((await post(PersonalPath.personalPhoneCode, { phone: '1234', ...(await hall.human()) })).code).not.toBe(0);
  });

  it('sends the code to the new phone, once a minute; a wrong code counts; the right one changes the phone once', async () => {
    const sent = await post(PersonalPath.personalPhoneCode, { phone: NEW, ...(await hall.human()) });
    expect(sent.code, sent.message).toBe(0);
    expect(sent.data.phone).toBe('139****1111');
    const text = (await lastMessage(hall, NEW)).content;
    expect(text).toContain('更换绑定手机号码');
    expect((await post(PersonalPath.personalPhoneCode, { phone: NEW, ...(await hall.human()) })).message).toMatch(/^发送过于频繁/);
    const code = await lastCode(hall, NEW);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post(PersonalPath.personalPhoneChange, { phone: NEW, code: wrong })).message).toBe('验证码错误，还可输入4次');
    // A code of this phone does not pass for another phone.
    expect((await post(PersonalPath.personalPhoneChange, { phone: '13900002222', code })).message).toBe('请先获取验证码');
    const done = await post(PersonalPath.personalPhoneChange, { phone: NEW, code });
    expect(done.code, done.message).toBe(0);
    expect((await hall.db.select().from(persons).where(eq(persons.id, personId)))[0].phone).toBe(NEW);
    expect((await post(PersonalPath.personalPhoneChange, { phone: NEW, code })).message).toBe('验证码已使用，请重新获取');
    const audit = await rows(hall.db, sql`select detail from audit_log where action = 'phone-change' and actor_key = ${LIHUA}`);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].detail)).not.toContain(NEW);
    const mail = await rows(hall.db, sql`select title from mail_messages where recipient_key = ${LIHUA} and title = '绑定手机号码已更换'`);
    expect(mail).toHaveLength(1);
  });

  it('a code expires after five minutes by the clock', async () => {
    const other = '13900003333';
    expect((await post(PersonalPath.personalPhoneCode, { phone: other, ...(await hall.human()) })).code).toBe(0);
    const code = await lastCode(hall, other);
    hall.clock.advance(6 * 60_000);
    expect((await post(PersonalPath.personalPhoneChange, { phone: other, code })).message).toBe('验证码已过期，请重新获取');
  });
});

describe('bank card change', () => {
  it('confirms with a code to the current phone; unpaid claims follow the new card', async () => {
    const u = (await rows(hall.db, sql`select id from units where uact = 'qydw92101'`))[0].id;
    const y = (await rows(hall.db, sql`select id from periods where year = 2026`))[0].id;
    await hall.db.execute(sql`insert into claims (claim_no, type, state, person_id, unit_id, period_id, product_code, filed_by, bank_name, bank_card, created_at, updated_at)
      values ('BZTEST0001', 'hardship', 'approved', ${personId}, ${u}, ${y}, '01', 'personal', '旧银行', '6222000000000001', now(), now())`);
    const sent = await post(PersonalPath.personalCardCode, await hall.human());
    expect(sent.data.phone).toBe('139****1111');
    const code = await lastCode(hall, NEW);
    expect((await lastMessage(hall, NEW)).content).toContain('变更待遇发放银行卡');
    expect((await post(PersonalPath.personalCardChange, { bankName: '中国银行', bankCard: '1234', code })).message).toBe(
      STAFF_MESSAGES.bankCard,
    );
    const r = await post(PersonalPath.personalCardChange, { bankName: '中国银行', bankCard: '6217 0000 1111 2222 333', code });
    expect(r.code, r.message).toBe(0);
    expect(r.data).toEqual({ bankName: '中国银行', bankCard: '6217 **** 2333' });
    const [p] = await hall.db.select().from(persons).where(eq(persons.id, personId));
    expect(p).toMatchObject({ bankName: '中国银行', bankCard: '6217000011112222333' });
    const [claim] = await rows(hall.db, sql`select bank_name, bank_card from claims where claim_no = 'BZTEST0001'`);
    expect(claim).toEqual({ bank_name: '中国银行', bank_card: '6217000011112222333' });
    expect((await rows(hall.db, sql`select 1 from audit_log where action = 'card-change'`)).length).toBe(1);
    expect((await post(PersonalPath.personalCardChange, { bankName: '中国银行', bankCard: '6217000011112222333', code })).message).toBe(
      '验证码已使用，请重新获取',
    );
  });

  it('a person asks for at most ten codes a day, whatever the phone', async () => {
    let last = '';
    for (let i = 0; i < 12; i++) {
      const r = await post(PersonalPath.personalPhoneCode, { phone: `1370000${String(1000 + i)}`, ...(await hall.human()) });
      last = r.message;
      if (r.code !== 0) break;
    }
    expect(last).toBe('今日操作次数已达上限，请明日再试');
  });
});
