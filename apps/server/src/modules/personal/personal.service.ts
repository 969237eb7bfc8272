import { CODE_VALIDITY, cityUnion, chinaDay, maskCard, maskCertNo } from '@hall/shared';
import { auditCaller } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import type { Caller, HallContext } from '../../types';
import { checkCaptcha } from '../auth/captcha.service';
import { tryHit } from '../limits/limits.service';
import { deliverMail } from '../mail/mail.service';
import { consumeCode, issueCode } from '../sms/codes.service';
import { signedSms } from '../sms/signature';
import * as repo from './personal.repository';

/**
 * /personalInformationBase: the person's own record, and the two changes a person makes there
 * (docs-personal.md P2–P4): the phone (a code to the NEW phone proves it is theirs) and the bank
 * card (a code to the phone on record proves it is them). Codes are the hall's verification codes
 * (modules/sms/codes.service: single use, 5 minutes by the clock, one a minute and ten a day per
 * phone, serialised per phone in SQL); the purpose carries the person's id, so a code sent for one
 * person never passes for another.
 */

const DAY_MS = 86_400_000;
/** Changes a person may start a day (codes asked for), whatever the phone: counted in SQL (rate_limits). */
const PERSON_DAILY = { limit: 10, windowMs: DAY_MS, message: '今日操作次数已达上限，请明日再试' };

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export async function personalInfo(ctx: HallContext, caller: Caller<'personal'>) {
  const me = caller.person;
  const today = chinaDay(ctx.clock.now());
  const [person, unit, coverages] = await Promise.all([
    repo.personOf(ctx.db, me.id),
    repo.currentUnit(ctx.db, me.id),
    repo.coveragesOf(ctx.db, me.id),
  ]);
  return {
    name: person.name,
    certNo: maskCertNo(person.certNo),
    gender: person.gender === '1' ? '男' : person.gender === '2' ? '女' : '',
    birthDate: person.birthDate,
    phone: maskPhone(person.phone),
    unitName: unit?.unitName ?? null,
    joinedOn: unit?.joinedOn ?? null,
    insured: person.insured,
    bankName: person.bankName,
    bankCard: maskCard(person.bankCard),
    coverages: coverages.map((c) => {
      const state = today > c.endDate ? 'ended' : today < c.coveredFrom ? 'waiting' : 'covered';
      return {
        year: c.year,
        periodName: c.periodName,
        productCode: c.productCode,
        productName: c.productName,
        shares: c.shares,
        unitName: c.unitName,
        coveredFrom: c.coveredFrom,
        coveredTo: c.endDate,
        waitingEnd: c.continuing || c.coveredFrom <= `${c.year}-01-01` ? null : addDays(c.coveredFrom, -1),
        state: state as 'waiting' | 'covered' | 'ended',
        stateLabel: state === 'ended' ? '已到期' : state === 'waiting' ? '等待期' : '保障中',
      };
    }),
  };
}

/** The code text: the hall's words and the code only (nothing typed by a user). */
const codeText = (ctx: HallContext, what: string) => (code: string) => ({
  content: signedSms(ctx.config.cityName, `验证码${code}，您正在${what}，${CODE_VALIDITY}，请勿泄露给他人。`),
});

const phoneKey = (personId: number, phone: string) => ({ channel: 'sms' as const, target: phone, purpose: `phone-change:${personId}` });
const cardKey = (personId: number, phone: string) => ({ channel: 'sms' as const, target: phone, purpose: `card-change:${personId}` });

async function spendPersonal(ctx: HallContext, personId: number) {
  if (!(await tryHit(ctx, 'person:change-code', PERSON_DAILY, String(personId)))) throw refuse(PERSON_DAILY.message);
}

/** A code to the new phone (captcha; per-IP by the route, per-phone by the codes, per-person here). */
export async function sendPhoneCode(
  ctx: HallContext,
  caller: Caller<'personal'>,
  input: { phone: string; captchaId: string; captchaCode: string },
  ip?: string,
) {
  const me = caller.person;
  await checkCaptcha(ctx, input.captchaId, input.captchaCode);
  const person = await repo.personOf(ctx.db, me.id);
  if (person.phone === input.phone) throw refuse('新手机号码与当前手机号码相同');
  if (await repo.phoneTaken(ctx.db, input.phone, me.id)) throw refuse('该手机号码已被其他个人用户绑定，请更换号码');
  await spendPersonal(ctx, me.id);
  await issueCode(ctx, phoneKey(me.id, input.phone), codeText(ctx, '更换绑定手机号码'));
  await auditCaller(ctx.db, ctx.clock.now(), caller, 'code-sent', { purpose: 'phone-change', to: maskPhone(input.phone) }, ip);
  return { phone: maskPhone(input.phone) };
}

export async function changePhone(ctx: HallContext, caller: Caller<'personal'>, input: { phone: string; code: string }, ip?: string) {
  const me = caller.person;
  if (await repo.phoneTaken(ctx.db, input.phone, me.id)) throw refuse('该手机号码已被其他个人用户绑定，请更换号码');
  await consumeCode(ctx, phoneKey(me.id, input.phone), input.code);
  const now = ctx.clock.now();
  const before = (await repo.personOf(ctx.db, me.id)).phone;
  await ctx.db.transaction(async (db) => {
    await repo.setPhone(db, me.id, input.phone);
    await auditCaller(db, now, caller, 'phone-change', { from: maskPhone(before), to: maskPhone(input.phone) }, ip);
    await deliverMail(
      db,
      { kind: 'personal', key: me.certNo },
      {
        title: '绑定手机号码已更换',
        content: `您的绑定手机号码已于${chinaDay(now)}更换为${maskPhone(input.phone)}。如非本人操作，请立即修改密码并联系市总工会。`,
        sender: cityUnion(ctx.config.cityName),
      },
      now,
    );
  });
  return { phone: maskPhone(input.phone) };
}

/** A code to the phone on record, for the card change. */
export async function sendCardCode(
  ctx: HallContext,
  caller: Caller<'personal'>,
  input: { captchaId: string; captchaCode: string },
  ip?: string,
) {
  const me = caller.person;
  await checkCaptcha(ctx, input.captchaId, input.captchaCode);
  const person = await repo.personOf(ctx.db, me.id);
  if (!person.phone) throw refuse('您尚未登记手机号码，请先绑定手机号码');
  await spendPersonal(ctx, me.id);
  await issueCode(ctx, cardKey(me.id, person.phone), codeText(ctx, '变更待遇发放银行卡'));
  await auditCaller(ctx.db, ctx.clock.now(), caller, 'code-sent', { purpose: 'card-change' }, ip);
  return { phone: maskPhone(person.phone) };
}

export async function changeCard(
  ctx: HallContext,
  caller: Caller<'personal'>,
  input: { bankName: string; bankCard: string; code: string },
  ip?: string,
) {
  const me = caller.person;
  const person = await repo.personOf(ctx.db, me.id);
  if (!person.phone) throw refuse('您尚未登记手机号码，请先绑定手机号码');
  await consumeCode(ctx, cardKey(me.id, person.phone), input.code);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    await repo.setCard(db, me.id, input.bankName, input.bankCard);
    await auditCaller(db, now, caller, 'card-change', { from: maskCard(person.bankCard), to: maskCard(input.bankCard) }, ip);
    await deliverMail(
      db,
      { kind: 'personal', key: me.certNo },
      {
        title: '待遇发放银行卡已变更',
        content: `您的待遇发放银行卡已于${chinaDay(now)}变更为${input.bankName}（${maskCard(input.bankCard)}），尚未发放的待遇将发放至新卡。如非本人操作，请立即联系市总工会。`,
        sender: cityUnion(ctx.config.cityName),
      },
      now,
    );
  });
  return { bankName: input.bankName, bankCard: maskCard(input.bankCard) };
}
