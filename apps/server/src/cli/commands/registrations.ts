import { opsContracts as calls, REGISTRATION_STATUS_LABELS, type RegistrationStatus } from '@hall/shared';
import { maskPhone } from '../../lib/mask';
import * as review from '../../modules/registration/review.service';
import { beijing, callFields, type Command } from './flags';

const KIND_LABELS: Record<string, string> = { unit: '单位注册', bidding: '公开招标单位' };

/**
 * The review of unit registrations: approve or reject, the applicant is told by SMS. Each command
 * reads its flags with its operator call's request schema.
 */
export const registrationCommands: Record<string, Command> = {
  'registration-list': {
    audited: false,
    summary: '列出单位注册申请（默认全部；--status pending 只看待审核）',
    usage: '[--status pending|approved|rejected]',
    async run(ctx, flags) {
      const { status } = callFields(calls.opsRegistrationList, { status: flags.status });
      const rows = await review.listRegistrations(ctx, status);
      if (rows.length === 0) return '没有符合条件的注册申请';
      return rows
        .map((r) =>
          [
            r.uact.padEnd(14),
            REGISTRATION_STATUS_LABELS[r.status as RegistrationStatus],
            KIND_LABELS[r.kind] ?? r.kind,
            `提交 ${beijing(r.submittedAt)}`,
            r.empName,
            r.uscc ?? '',
            `上级 ${r.parentName ?? '市总工会'}`,
            maskPhone(r.phone),
            r.reason ? `原因：${r.reason}` : '',
          ]
            .join('  ')
            .trimEnd(),
        )
        .join('\n');
    },
  },
  'registration-approve': {
    audited: true,
    summary: '审核通过单位注册（账号启用，短信通知）',
    usage: '--uact <单位账号>',
    async run(ctx, flags, operator) {
      const { uact } = callFields(calls.opsRegistrationApprove, { uact: flags.uact });
      const done = await review.approveRegistration(ctx, operator, uact);
      return `已审核通过 ${done.uact}，已短信通知 ${maskPhone(done.phone)}`;
    },
  },
  'registration-reject': {
    audited: true,
    summary: '驳回单位注册（附原因，短信通知；申请人可修改后用原账号重新提交）',
    usage: '--uact <单位账号> --reason <驳回原因>',
    async run(ctx, flags, operator) {
      const { uact, reason } = callFields(calls.opsRegistrationReject, { uact: flags.uact, reason: flags.reason });
      const done = await review.rejectRegistration(ctx, operator, uact, reason);
      return `已驳回 ${done.uact}，已短信通知 ${maskPhone(done.phone)}`;
    },
  },
};
