import { CERT_VALID_FOREVER, DictType, messages, parseIdCard, type AgentRegisterRequest, chinaDay } from '@hall/shared';
import { audit, auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Caller, HallContext } from '../../types';
import { findAccount } from '../auth/account.service';
import { registryPhone } from '../sms/phones.service';
import { checkCaptcha } from '../auth/captcha.service';
import { consumeCode } from '../sms/codes.service';
import * as repo from './agent.repository';
import { checkDictChoice } from './dict-choice';

/** A known person without a mobile on record has nothing to prove the registration with. */
export const NO_PHONE_ON_RECORD = messages.agentNoPhoneOnRecord;

/** '1' and '01' are both the ID card (R42); ID numbers are kept with an upper-case X. */
const normaliseCert = (certType: string, certNo: string) => {
  const type = certType === '1' ? '01' : certType;
  return { type, no: type === '01' ? certNo.toUpperCase() : certNo };
};

/** checkAgentExistOrNot: whether a personal account exists for the certificate (after a captcha). */
export async function agentExists(ctx: HallContext, input: { certType: string; certno: string; captchaId: string; captchaCode: string }) {
  await checkCaptcha(ctx, input.captchaId, input.captchaCode);
  const cert = normaliseCert(input.certType, input.certno);
  return { exists: !!(await findAccount(ctx.db, 'personal', cert.no)) };
}

/**
 * checkAgentInfoAndRegister: an agent (经办人) opens a personal account with a verified phone.
 * A person the registry already knows (an insured worker) must prove control of the phone the
 * registry holds: the SMS code must have been sent there (sendMessage routes it so). The registry's
 * data are never overwritten. Everything that could tell about the person comes after the code.
 */
export async function registerAgent(ctx: HallContext, input: AgentRegisterRequest, ip?: string) {
  await checkDictChoice(ctx.db, DictType.CERT_TYPE, input.certType, '证件类型');
  const now = ctx.clock.now();
  const cert = normaliseCert(input.certType, input.certno);
  const forever = input.certificateEndDate === CERT_VALID_FOREVER;
  if (!forever && input.certificateEndDate < chinaDay(now)) throw refuse('证件已过期，请使用有效期内的证件');
  const known = await registryPhone(ctx.db, cert.no);
  if (known && !known.phone) throw refuse(NO_PHONE_ON_RECORD);
  await consumeCode(ctx, { channel: 'sms', target: known?.phone ?? input.opterTel, purpose: 'agent-register' }, input.msgAuthCode);

  if (await findAccount(ctx.db, 'personal', cert.no)) throw refuse(messages.agentExists);
  const existing = await repo.personOf(ctx.db, cert.type, cert.no);
  if (known && (!existing || existing.name !== input.empOpterName)) throw refuse('姓名与证件号码不匹配');
  const passwordHash = await hashPassword(input.pwd);
  const parsed = cert.type === '01' ? parseIdCard(cert.no) : null;
  const write = repo.insertAgent(ctx.db, {
    existingPersonId: existing?.id,
    person: {
      certType: cert.type,
      certNo: cert.no,
      name: input.empOpterName,
      gender: parsed?.gender ?? null,
      birthDate: parsed?.birthDate ?? null,
      phone: input.opterTel,
      createdAt: now,
    },
    passwordHash,
    certStart: input.certificateStartDate,
    certEnd: forever ? null : input.certificateEndDate,
    now,
  });
  await write.catch((error) => {
    throw isUniqueViolation(error) ? refuse(messages.agentExists) : error;
  });
  await audit(ctx.db, now, {
    actorKind: 'anonymous',
    actorKey: cert.no,
    action: 'register',
    detail: { kind: 'agent', knownPerson: !!existing },
    ip,
  });
  return { certno: cert.no, name: input.empOpterName, phone: maskPhone(existing?.phone ?? input.opterTel) };
}

/** selectOpterMobInfo: the masked mobile of an agent's account (after a captcha). */
export async function agentMobile(ctx: HallContext, input: { certno: string; captchaId: string; captchaCode: string }) {
  await checkCaptcha(ctx, input.captchaId, input.captchaCode);
  const phone = await repo.accountPhone(ctx.db, input.certno.toUpperCase());
  if (!phone) throw refuse('未查询到经办人信息');
  return { phone: maskPhone(phone) };
}

/**
 * checkRealName (logged in): the name and ID number against the registry of people the hall
 * knows. A unit may ask only about its own staff (uact, if given, must be its own); a person only
 * about themself. A name that does not match is refused; an unknown number answers matched: false.
 */
export async function checkRealName(ctx: HallContext, caller: Caller, input: { uact?: string; certNo: string; name: string }, ip?: string) {
  const certNo = input.certNo.toUpperCase();
  const own = caller.unit ? !input.uact || input.uact === caller.unit.uact : certNo === caller.person?.certNo;
  if (!own) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'checkRealName' }, ip);
    throw refuse('只能核验本单位职工或本人的信息');
  }
  const person = await repo.personOf(ctx.db, '01', certNo);
  if (!person) return { matched: false };
  if (person.name !== input.name) throw refuse('姓名与证件号码不匹配');
  if (caller.unit && !(await repo.isStaffOf(ctx.db, person.id, caller.unit.id))) return { matched: false };
  return { matched: true };
}
