import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Contract, contracts, mayCall, NO_PERMISSION, OPERATOR_ROLES, type OperatorRole, OpsPath } from '@hall/shared';
import { auditLog } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';

/*
 * Operator roles (docs/decisions.md, "Operator roles"): every operator route × every role. A role
 * the contract does not name is refused with 无权办理此项业务 before the request is read (audited);
 * a role it names gets past the check. The table below is the intended division of the work: a
 * contract that moves a call to another role fails here until the table says so too.
 */

let hall: TestHall;
const tokens = {} as Record<OperatorRole, string>;
const OPERATOR_CALLS = (Object.values(contracts) as Contract[]).filter((c) => c.access === 'operator');

/** What each role may call (the auditor: every call that changes nothing). */
const DIVISION: Record<OperatorRole, string[]> = {
  admin: [
    'opsReportBenefits',
    'opsReportBenefitsExport',
    'opsReportEnrolment',
    'opsReportEnrolmentExport',
    'opsReportFund',
    'opsReportFundExport',
    'opsSearch',
    'opsPersonUnmask',
    'opsAccountDetail',
    'opsAccountDisable',
    'opsAccountEnable',
    'opsAccountFind',
    'opsAccountReset',
    'opsAccountUnlock',
    'opsAuditExport',
    'opsAuditList',
    'opsDashboard',
    'opsEvaluationList',
    'opsFeatureFlagList',
    'opsFeatureFlagSet',
    'opsMailSend',
    'opsMailSendUnion',
    'opsNoticeAttachment',
    'opsNoticeAttachmentAdd',
    'opsNoticeAttachmentRemove',
    'opsNoticeDetail',
    'opsNoticeDraftPublish',
    'opsNoticeEdit',
    'opsNoticeList',
    'opsNoticePublish',
    'opsNoticeWithdraw',
    'opsOperatorCreate',
    'opsOperatorList',
    'opsOperatorRoles',
    'opsPersonAccountList',
    'opsUnionFind',
    'opsUnionTree',
    'opsUnionUnits',
    'opsWaitingList',
  ],
  reviewer: [
    'opsSearch',
    'opsPersonUnmask',
    'opsDashboard',
    'opsClaimApprove',
    'opsClaimAttachment',
    'opsClaimDetail',
    'opsClaimList',
    'opsClaimRefuse',
    'opsClaimReturn',
    'opsEvaluationList',
    'opsFilingConfirm',
    'opsFilingDetail',
    'opsFilingList',
    'opsFilingReturn',
    'opsRegistrationApprove',
    'opsRegistrationList',
    'opsRegistrationReject',
    'opsTransferConfirm',
    'opsTransferDetail',
    'opsTransferList',
    'opsTransferReturn',
    'opsUnionChangeApprove',
    'opsUnionChangeDetail',
    'opsUnionChangeFile',
    'opsUnionChangeList',
    'opsUnionChangeReject',
    'opsWaitingList',
  ],
  finance: [
    'opsReportBenefits',
    'opsReportBenefitsExport',
    'opsReportEnrolment',
    'opsReportEnrolmentExport',
    'opsReportFund',
    'opsReportFundExport',
    'opsBankFormatList',
    'opsBankFormatSave',
    'opsCreditClose',
    'opsCreditList',
    'opsCreditMatch',
    'opsStatementConfirm',
    'opsStatementDiscard',
    'opsStatementList',
    'opsStatementReport',
    'opsStatementStage',
    'opsBureauFileProgress',
    'opsPayoutBatchExport',
    'opsPayoutBatchList',
    'opsPayoutBankFile',
    'opsPayoutFailedLines',
    'opsPayoutResultLoad',
    'opsSearch',
    'opsPersonUnmask',
    'opsDashboard',
    'opsClaimList',
    'opsClaimPay',
    'opsPayableList',
    'opsPaymentConfirm',
    'opsPaymentEntryList',
    'opsPeriodList',
    'opsTreatmentList',
    'opsTreatmentPay',
    'opsWaitingList',
  ],
  data: [
    'opsReportBenefits',
    'opsReportBenefitsExport',
    'opsReportEnrolment',
    'opsReportEnrolmentExport',
    'opsReportFund',
    'opsReportFundExport',
    'opsRegistryLoadList',
    'opsSettlementLoadList',
    'opsSearch',
    'opsPersonUnmask',
    'opsDashboard',
    'opsPeriodCreate',
    'opsPeriodEdit',
    'opsPeriodList',
    'opsProductCreate',
    'opsProductEdit',
    'opsRegistryStage',
    'opsRegistryConfirm',
    'opsRegistryDiscard',
    'opsRegistryReport',
    'opsSettlementStage',
    'opsSettlementConfirm',
    'opsSettlementDiscard',
    'opsSettlementReport',
    'opsBureauFileProgress',
    'opsTreatmentList',
    'opsWaitingList',
  ],
  auditor: [],
};
/** Every operator's own session: who am I, change my password, log out. */
const SESSION = ['opsLogout', 'opsMe', 'opsPasswordChange'];
// The auditor reads everything and changes nothing.
// …but not a call that answers whole card or ID numbers (the bank's payout file).
DIVISION.auditor = OPERATOR_CALLS.filter((c) => !c.writes && !c.unmasked && !SESSION.includes(c.name)).map((c) => c.name);

beforeAll(async () => {
  hall = await createTestHall();
  const { opsToken } = operatorTools(() => hall);
  for (const role of OPERATOR_ROLES) {
    await makeOperator(hall, { login: `role.${role}`, name: `${role}操作员`, password: OPERATOR_PASSWORD, role });
    tokens[role] = await opsToken(`role.${role}`);
  }
});
afterAll(() => hall.close());

/** A call with a body that is no envelope: a role that gets past the check is refused by what comes next, and nothing runs. */
const probe = async (call: Contract, role: OperatorRole) => {
  const res = await hall.app.inject({
    method: call.method,
    url: hall.config.basePath + call.path,
    headers: { authorization: tokens[role], 'content-type': 'application/json' },
    payload: '{"channel":"066"}',
  });
  return JSON.parse(res.body) as { code: number; message: string };
};

describe('operator roles', () => {
  it('each role may make the calls of its table, and the session calls', () => {
    for (const role of OPERATOR_ROLES) {
      const allowed = OPERATOR_CALLS.filter((c) => mayCall(c, [role])).map((c) => c.name);
      expect(allowed.sort(), role).toEqual([...DIVISION[role], ...SESSION].sort());
    }
  });

  it.each(OPERATOR_ROLES)(
    'every operator route × %s: refused before the request is read unless the contract names the role',
    async (role) => {
      for (const call of OPERATOR_CALLS) {
        const answer = await probe(call, role);
        if (mayCall(call, [role])) expect(answer.message, `${role} ${call.name}`).not.toBe(NO_PERMISSION);
        else expect(answer, `${role} ${call.name}`).toEqual({ code: 1, type: 'error', message: NO_PERMISSION });
      }
    },
  );

  it('a refusal is audited under the operator, with the call', async () => {
    expect((await hall.post(OpsPath.opsPaymentConfirm, { application: '1' }, tokens.reviewer)).message).toBe(NO_PERMISSION);
    const rows = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorKey, 'role.reviewer'), eq(auditLog.action, 'permission-refused')));
    expect(rows.map((r) => (r.detail as { url: string }).url)).toContain(`${hall.config.basePath}${OpsPath.opsPaymentConfirm}`);
  });

  it('a change of roles holds from the next call; an unknown or missing role is refused', async () => {
    const { run } = operatorTools(() => hall);
    expect((await hall.post(OpsPath.opsPayableList, {}, tokens.data)).message).toBe(NO_PERMISSION);
    expect(await run('operator-roles', { login: 'role.data', role: ['data', 'finance'] })).toBe(
      '操作员 role.data 的角色已设为：数据管理、财务',
    );
    expect((await hall.post(OpsPath.opsPayableList, {}, tokens.data)).code).toBe(0);
    expect((await hall.post(OpsPath.opsMe, {}, tokens.data)).data.roles).toEqual(['data', 'finance']);
    await expect(run('operator-roles', { login: 'role.data', role: ['boss'] })).rejects.toThrow('未知角色：boss');
    await expect(run('operator-roles', { login: 'role.data' })).rejects.toThrow('请指定操作员的角色');
    await expect(run('operator-roles', { login: 'nobody', role: 'admin' })).rejects.toThrow('操作员账号不存在：nobody');
    await expect(run('operator-create', { login: 'no.role', name: '无角色', password: OPERATOR_PASSWORD })).rejects.toThrow(
      '请指定操作员的角色',
    );
  });
});
