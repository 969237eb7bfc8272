import { cityUnion, REGISTRATION_STATUS_LABELS, type RegistrationStatus } from '@hall/shared';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import type { HallContext } from '../../types';
import { deliverMail } from '../mail/mail.service';
import { notifyPhone } from '../sms/notify.service';
import { signedSms } from '../sms/signature';
import * as repo from './registration.repository';
import { moveRegistration } from './transition.service';

/**
 * The back office's review of registrations (operator CLI and API): approval
 * opens the account, rejection keeps it closed with the reason; the applicant learns either by SMS.
 */
export const listRegistrations = (ctx: HallContext, status?: RegistrationStatus) => repo.listRegistrations(ctx.db, status);

/** The registrations as the operator API answers them: labelled, the phone masked, a bidding unit's union the city union. */
export async function registrationList(ctx: HallContext, status?: RegistrationStatus) {
  const rows = await listRegistrations(ctx, status);
  return {
    list: rows.map((r) => ({
      uact: r.uact,
      empName: r.empName,
      uscc: r.uscc ?? '',
      kind: r.kind as 'unit' | 'bidding',
      status: r.status as RegistrationStatus,
      statusLabel: REGISTRATION_STATUS_LABELS[r.status as RegistrationStatus],
      parentName: r.parentName ?? cityUnion(ctx.config.cityName),
      phone: maskPhone(r.phone),
      reason: r.reason,
      submittedAt: r.submittedAt.toISOString(),
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    })),
  };
}

/** Why a registration cannot be decided: there is none, or it is decided already. */
const notPending = (uact: string) => (status: RegistrationStatus | undefined) =>
  status ? `该注册申请已处理（${REGISTRATION_STATUS_LABELS[status]}）` : `注册申请不存在：${uact}`;

async function pendingOf(ctx: HallContext, uact: string) {
  const found = await repo.registrationByUact(ctx.db, uact);
  const status = found?.registration?.status as RegistrationStatus | undefined;
  if (!found?.registration || status !== 'pending') throw refuse(notPending(uact)(status));
  return { unit: found.unit, registration: found.registration };
}

export async function approveRegistration(ctx: HallContext, operator: string, uact: string) {
  const { unit, registration } = await pendingOf(ctx, uact);
  const now = ctx.clock.now();
  const city = ctx.config.cityName;
  await ctx.db.transaction(async (db) => {
    await moveRegistration(db, now, {
      unitId: unit.id,
      from: ['pending'],
      to: 'approved',
      set: { reason: null, decidedAt: now, decidedBy: operator },
      refusal: notPending(uact),
    });
    await deliverMail(
      db,
      { kind: 'unit', key: unit.uact },
      {
        sender: cityUnion(city),
        title: '单位注册审核通过',
        content: `您的单位“${unit.empName}”注册申请已审核通过。首次登录请先完善单位信息，然后即可办理职工医疗互助业务。`,
      },
      now,
    );
  });
  await auditOperator(ctx.db, now, operator, { command: 'registration-approve', uact });
  // The SMS carries no text the applicant typed (unit name, account): a registration must not be a
  // way to have the union send someone else a message of one's choosing.
  await notifyPhone(
    ctx,
    registration.phone,
    signedSms(city, '您的单位注册申请已审核通过，请使用注册的单位账号登录职工医疗互助网上服务大厅。'),
  );
  return { uact, phone: registration.phone };
}

export async function rejectRegistration(ctx: HallContext, operator: string, uact: string, reason: string) {
  const why = reason.trim();
  if (!why) throw refuse('请填写驳回原因');
  if (why.length > 200) throw refuse('驳回原因不能超过200个字');
  const { unit, registration } = await pendingOf(ctx, uact);
  const now = ctx.clock.now();
  await ctx.db.transaction((db) =>
    moveRegistration(db, now, {
      unitId: unit.id,
      from: ['pending'],
      to: 'rejected',
      set: { reason: why, decidedAt: now, decidedBy: operator },
      refusal: notPending(uact),
    }),
  );
  await auditOperator(ctx.db, now, operator, { command: 'registration-reject', uact, reason: why });
  await notifyPhone(
    ctx,
    registration.phone,
    signedSms(ctx.config.cityName, `您的单位注册申请未通过审核，原因：${why}。请修改后使用原账号重新提交。`),
  );
  return { uact, phone: registration.phone };
}
