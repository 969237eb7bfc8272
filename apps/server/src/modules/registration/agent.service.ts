import { and, eq } from 'drizzle-orm';
import { CERT_VALID_FOREVER, DictType, parseIdCard, type AgentRegisterRequest } from '@hall/shared';
import type { Db } from '../../db/client';
import { accounts, agents, persons, staff, units } from '../../db/schema';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { HallContext } from '../../types';
import { findAccount } from '../auth/auth.repository';
import { consumeCode } from '../sms/codes.service';
import { checkDictChoice } from './dict-choice';

/** '1' and '01' are both the ID card (R42); ID numbers are kept with an upper-case X. */
const normaliseCert = (certType: string, certNo: string) => {
  const type = certType === '1' ? '01' : certType;
  return { type, no: type === '01' ? certNo.toUpperCase() : certNo };
};
const chinaToday = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

async function personOf(db: Db, certType: string, certNo: string) {
  const [row] = await db.select().from(persons).where(and(eq(persons.certType, certType), eq(persons.certNo, certNo)));
  return row;
}

/** checkAgentExistOrNot: whether a personal account exists for the certificate. */
export async function agentExists(ctx: HallContext, certType: string, certno: string) {
  const cert = normaliseCert(certType, certno);
  return { exists: !!(await findAccount(ctx.db, 'personal', cert.no)) };
}

/**
 * checkAgentInfoAndRegister: an agent (经办人) opens a personal account with a verified phone.
 * A person already in the registry (an insured worker) is linked when the name matches.
 */
export async function registerAgent(ctx: HallContext, input: AgentRegisterRequest, ip?: string) {
  await checkDictChoice(ctx.db, DictType.CERT_TYPE, input.certType, '证件类型');
  const now = ctx.clock.now();
  const cert = normaliseCert(input.certType, input.certno);
  const forever = input.certificateEndDate === CERT_VALID_FOREVER;
  if (!forever && input.certificateEndDate < chinaToday(now)) throw refuse('证件已过期，请使用有效期内的证件');
  if (await findAccount(ctx.db, 'personal', cert.no)) throw refuse('该证件号码已注册，请直接登录');
  const existing = await personOf(ctx.db, cert.type, cert.no);
  if (existing && existing.name !== input.empOpterName) throw refuse('姓名与证件号码不匹配');
  await consumeCode(ctx, { channel: 'sms', target: input.opterTel, purpose: 'agent-register' }, input.msgAuthCode);

  const passwordHash = await hashPassword(input.pwd);
  const parsed = cert.type === '01' ? parseIdCard(cert.no) : null;
  const write = ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    let personId = existing?.id;
    if (personId) await db.update(persons).set({ phone: input.opterTel }).where(eq(persons.id, personId));
    else {
      const [row] = await db
        .insert(persons)
        .values({ certType: cert.type, certNo: cert.no, name: input.empOpterName, gender: parsed?.gender ?? null, birthDate: parsed?.birthDate ?? null, phone: input.opterTel, createdAt: now })
        .returning({ id: persons.id });
      personId = row.id;
    }
    await db.insert(accounts).values({ loginType: 'personal', loginName: cert.no, personId, passwordHash, createdAt: now });
    await db.insert(agents).values({ personId, certStart: input.certificateStartDate, certEnd: forever ? null : input.certificateEndDate, registeredAt: now });
  });
  await write.catch((error) => {
    throw isUniqueViolation(error) ? refuse('该证件号码已注册，请直接登录') : error;
  });
  await audit(ctx.db, now, { actorKind: 'anonymous', actorKey: cert.no, action: 'register', detail: { kind: 'agent' }, ip });
  return { certno: cert.no, name: input.empOpterName, phone: maskPhone(input.opterTel) };
}

/** selectOpterMobInfo: the masked mobile of an agent's account. */
export async function agentMobile(ctx: HallContext, certno: string) {
  const [row] = await ctx.db
    .select({ phone: persons.phone })
    .from(accounts)
    .innerJoin(persons, eq(persons.id, accounts.personId))
    .where(and(eq(accounts.loginType, 'personal'), eq(accounts.loginName, certno.toUpperCase())));
  if (!row?.phone) throw refuse('未查询到经办人信息');
  return { phone: maskPhone(row.phone) };
}

/**
 * checkRealName: the name and ID number against the registry of people the hall knows (insured
 * workers and registered agents); with `uact`, the person must also be among that unit's staff.
 * A name that does not match the number is refused; an unknown number answers matched: false.
 */
export async function checkRealName(ctx: HallContext, input: { uact?: string; certNo: string; name: string }) {
  const person = await personOf(ctx.db, '01', input.certNo.toUpperCase());
  if (!person) return { matched: false };
  if (person.name !== input.name) throw refuse('姓名与证件号码不匹配');
  if (input.uact) {
    const [member] = await ctx.db
      .select({ id: staff.id })
      .from(staff)
      .innerJoin(units, eq(units.id, staff.unitId))
      .where(and(eq(units.uact, input.uact), eq(staff.personId, person.id), eq(staff.active, true)));
    if (!member) return { matched: false };
  }
  return { matched: true };
}
