import {
  DictType,
  REGISTRATION_STATUS_LABELS,
  type BiddingRegisterRequest,
  type RegistrationInfo,
  type RegistrationStatus,
  type UnitRegisterRequest,
} from '@hall/shared';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { HallContext } from '../../types';
import { claimUpload } from '../files/files.service';
import { checkCaptcha } from '../auth/captcha.service';
import { notifyPhone } from '../sms/notify.service';
import { signedSms } from '../sms/signature';
import { consumeCode } from '../sms/codes.service';
import { checkDictChoice } from './dict-choice';
import * as repo from './registration.repository';
import { moveRegistration } from './transition.service';

type UnitFields = Partial<Pick<UnitRegisterRequest, 'empUact' | 'empName' | 'uscc'>>;

/**
 * What stops a registration: the account, the credit code or the name is held by another unit.
 * A rejected registration holds none of them, and its applicant may submit the same account again
 * with the same credit code (a correction after a rejection).
 */
export async function conflictOf(db: Db, fields: UnitFields): Promise<string | null> {
  const uscc = fields.uscc?.toUpperCase();
  let resubmits: string | undefined;
  if (fields.empUact) {
    const existing = await repo.registrationByUact(db, fields.empUact);
    const sameUnit = !!existing && existing.registration?.status === 'rejected' && (!uscc || existing.unit.uscc === uscc);
    if (existing && !sameUnit) return '该单位账号已被注册，请更换账号';
    if (existing) resubmits = fields.empUact;
    else if (await repo.loginNameTaken(db, fields.empUact)) return '该单位账号已被注册，请更换账号';
  }
  if (uscc && (await repo.heldBy(db, 'uscc', uscc, resubmits))) return '该统一社会信用代码已注册，请勿重复注册';
  if (fields.empName && (await repo.heldBy(db, 'empName', fields.empName, resubmits))) return '该单位名称已注册，请勿重复注册';
  return null;
}

/**
 * checkUnitinfo: the fields given are free (format is the schema's business). `resubmit` tells the
 * form that the account is a rejected registration: submitting it again needs the SMS code sent to
 * the original applicant's phone (getPsnMobCode, purpose register-resubmit).
 */
export async function checkUnitInfo(ctx: HallContext, fields: UnitFields) {
  const conflict = await conflictOf(ctx.db, fields);
  if (conflict) throw refuse(conflict);
  const existing = fields.empUact ? await repo.registrationByUact(ctx.db, fields.empUact) : undefined;
  return { resubmit: existing?.registration?.status === 'rejected' };
}

export const RESUBMIT_NEEDS_CODE = '该账号的注册申请未通过审核。修改后重新提交，须先获取发送至原申请手机号码的验证码；否则请更换单位账号';

type Submission =
  | { kind: 'unit'; input: UnitRegisterRequest & { uscc: string } }
  | { kind: 'bidding'; input: BiddingRegisterRequest & { uscc: string } };

async function parentOf(db: Db, uact: string) {
  const found = await repo.registrationByUact(db, uact);
  const unit = found?.unit;
  if (unit?.level !== 1 || !['92', '93'].includes(unit.uniType ?? '')) throw refuse('请选择正确的上级工会');
  return unit;
}

/**
 * A unit registers itself: the unit (level 2, under its parent union; a public-bidding unit
 * directly under the city union), a pending account and a pending registration, all or nothing.
 */
export async function submitRegistration(ctx: HallContext, submission: Submission, ip?: string): Promise<RegistrationInfo> {
  const { kind, input } = submission;
  await checkCaptcha(ctx, input.captchaId, input.captchaCode);
  const conflict = await conflictOf(ctx.db, input);
  if (conflict) throw refuse(conflict);
  const parent = kind === 'unit' ? await parentOf(ctx.db, submission.input.parentUact) : null;
  if (kind === 'bidding') await checkDictChoice(ctx.db, DictType.EMP_TYPE, submission.input.empType, '单位类型');
  else await checkDictChoice(ctx.db, DictType.CERT_TYPE, submission.input.certType, '证件类型');
  // A rejected registration may be corrected only by its applicant: the code sent to the phone it
  // gave proves it (else anyone who knew the account and the public credit code could take it over).
  const previous = await repo.registrationByUact(ctx.db, input.empUact);
  if (previous?.registration?.status === 'rejected') {
    if (!input.msgAuthCode) throw refuse(RESUBMIT_NEEDS_CODE);
    await consumeCode(ctx, { channel: 'sms', target: previous.registration.phone, purpose: 'register-resubmit' }, input.msgAuthCode);
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.pwd);
  const unitValues = {
    empName: input.empName,
    uscc: input.uscc,
    level: 2,
    uniType: null,
    parentId: parent?.id ?? null,
    legalName: input.legentName,
    legalMobile: input.legentTel,
    address: input.empAddr,
    infoComplete: false,
    notifyState: parent?.uniType === '92' ? '0' : null,
  };
  const profile = {
    empNo: kind === 'unit' ? (submission.input.empNo ?? null) : null,
    bizreglic: kind === 'unit' ? (submission.input.bizreglic ?? null) : null,
    taxRegNo: kind === 'unit' ? (submission.input.taxRegNo ?? null) : null,
    empType: kind === 'bidding' ? submission.input.empType : null,
    legentCertType: kind === 'unit' ? submission.input.certType : '01',
    legentCertNo: input.entLegrepIdcard.toUpperCase(),
    updatedAt: now,
  };
  const write = ctx.db.transaction(async (db) => {
    // Read again inside the transaction: only a rejected registration may be submitted anew, and
    // only once at a time (the reopening update sees the row as the other request left it).
    const existing = await repo.registrationByUact(db, input.empUact);
    let unitId: number;
    if (existing) {
      const taken = () => '该单位账号已被注册，请更换账号';
      if (!previous) throw refuse(taken());
      unitId = existing.unit.id;
      await moveRegistration(db, now, { unitId, from: ['rejected'], to: 'pending', refusal: taken });
      await repo.rewriteRejectedUnit(db, unitId, unitValues, passwordHash);
    } else {
      unitId = await repo.insertPendingUnit(db, input.empUact, unitValues, passwordHash, now);
    }
    await repo.upsertProfile(db, unitId, profile);
    const authorizationFileId = kind === 'bidding' ? submission.input.authorization : null;
    if (authorizationFileId) await claimUpload(db, authorizationFileId, { kind: 'unit', key: input.empUact }, now);
    const registration = {
      kind,
      reason: null,
      phone: input.legentTel,
      authorizationFileId,
      submittedAt: now,
      decidedAt: null,
      decidedBy: null,
    };
    if (existing) await repo.updateRegistration(db, unitId, registration);
    else await repo.insertRegistration(db, { unitId, status: 'pending', ...registration });
    return !!existing;
  });
  const resubmitted = await write.catch((error) => {
    throw isUniqueViolation(error) ? refuse('该单位账号已被注册，请更换账号') : error;
  });
  await audit(ctx.db, now, { actorKind: 'anonymous', actorKey: input.empUact, action: 'register', detail: { kind, resubmitted }, ip });
  await notifyPhone(ctx, input.legentTel, signedSms(ctx.config.cityName, '您的单位注册申请已提交，审核结果将以短信通知，请留意。'));
  return registrationInfo(ctx, input.empUact);
}

/** selectRegUserInfo: the state of a registration, without secrets, the phone masked. */
export async function registrationInfo(ctx: HallContext, empUact: string): Promise<RegistrationInfo> {
  const found = await repo.registrationByUact(ctx.db, empUact);
  const registration = found?.registration;
  if (!found || !registration) throw refuse('未查询到该账号的注册信息');
  const status = registration.status as RegistrationStatus;
  return {
    empUact: found.unit.uact,
    empName: found.unit.empName,
    kind: registration.kind as RegistrationInfo['kind'],
    status,
    statusLabel: REGISTRATION_STATUS_LABELS[status],
    reason: registration.reason,
    phone: maskPhone(registration.phone),
    submittedAt: registration.submittedAt.toISOString(),
    decidedAt: registration.decidedAt?.toISOString() ?? null,
  };
}

export const firstContacts = (ctx: HallContext, empName?: string) => repo.firstContacts(ctx.db, empName);
