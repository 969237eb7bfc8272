import { z } from 'zod';
import { OPERATOR_ROLES } from '../operator-roles';
import { requiredText } from '../schemas/common';
import { bigIdField, idField } from '../schemas/ids';
import { fileBytes, nothing } from './answers';
import { defineContracts, ops } from './define';

/*
 * The administrator's side of the back office (issue 19): accounts of units, workers and operators
 * (find, unlock, reset the password, disable, enable: each with a reason, audited) and the audit
 * log, which the administrator and the auditor read. A worker's login is the ID number: lists
 * show it masked, and actions name the account by its id.
 */

const loginType = z.enum(['unit', 'personal', 'operator'], { error: '账号类型只能是 unit、personal 或 operator' });
const roles = z
  .array(z.enum(OPERATOR_ROLES, { error: '未知角色' }))
  .min(1, '请至少选择一个角色')
  .describe('admin 系统管理、reviewer 业务审核、finance 财务、data 数据管理、auditor 审计');
const reason = requiredText('办理原因', 200);
const accountRef = z.object({ accountId: idField('请选择账号'), reason });

const account = z.strictObject({
  accountId: z.number().int(),
  loginType,
  login: z.string().describe('登录账号；个人账号为脱敏的身份证号'),
  name: z.string().describe('单位名称、职工姓名或操作员姓名'),
  status: z.enum(['active', 'disabled', 'pending', 'rejected']),
  lockedUntil: z.string().nullable().describe('登录锁定到（ISO 时间）；未锁定为 null'),
  roles: z.array(z.enum(OPERATOR_ROLES)),
  mustChangePassword: z.boolean(),
});

const auditRow = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  actorKind: z.string(),
  actorKey: z.string().describe('登录账号（个人为脱敏身份证号）'),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});

/** The audit log's filters: the list's (with its page) and the export's. */
const auditFilter = z.object({
  actor: z.string().trim().max(40).optional().describe('登录账号（精确）'),
  action: z.string().trim().max(40).optional(),
  from: z.iso.date('开始日期须为有效日期（YYYY-MM-DD）').optional(),
  to: z.iso.date('结束日期须为有效日期（YYYY-MM-DD）').optional(),
});

const queueKey = z.enum([
  'registrations',
  'unionChanges',
  'claims',
  'transfers',
  'filings',
  'paymentChecks',
  'unpaid',
  'claimPayouts',
  'treatmentPayouts',
]);

export const opsAdminCalls = defineContracts(['操作员'], {
  opsDashboard: {
    ...ops('admin', 'reviewer', 'finance', 'data'),
    path: '/ops/api/dashboard',
    writes: false,
    response: z.strictObject({
      today: z.string(),
      queues: z.array(
        z.strictObject({
          key: queueKey,
          label: z.string(),
          role: z.enum(OPERATOR_ROLES),
          count: z.number().int(),
          oldestAt: z.string().nullable(),
          oldestDays: z.number().int().nullable().describe('最早一件已等待的天数'),
        }),
      ),
      figures: z.strictObject({
        registrations: z.number().int(),
        applications: z.number().int(),
        payments: z.number().int(),
        claims: z.number().int(),
        payouts: z.number().int(),
      }),
    }),
    summary: '工作台：本人角色的待办队列（件数、最早一件等待天数）与今日业务量',
  },
  opsAccountFind: {
    ...ops('admin'),
    path: '/ops/api/accounts/find',
    writes: false,
    request: z.object({
      loginType,
      keyword: requiredText('查询内容', 40).describe('单位：账号、统一社会信用代码或名称的一部分；个人：身份证号；操作员：账号或姓名'),
    }),
    response: z.strictObject({ list: z.array(account) }),
    summary: '查找账号（最多 50 个）',
  },
  opsAccountUnlock: {
    ...ops('admin'),
    path: '/ops/api/accounts/unlock',
    writes: true,
    request: accountRef,
    response: nothing,
    summary: '解除登录锁定（须写明原因）',
  },
  opsAccountReset: {
    ...ops('admin'),
    path: '/ops/api/accounts/reset',
    writes: true,
    request: accountRef,
    response: z.strictObject({ login: z.string(), password: z.string().describe('新的初始密码：当面或电话告知本人') }),
    summary: '重置密码（生成新密码，账号的会话随即失效；操作员须在下次登录时修改）',
  },
  opsAccountDisable: {
    ...ops('admin'),
    path: '/ops/api/accounts/disable',
    writes: true,
    request: accountRef,
    response: nothing,
    summary: '停用账号（会话随即失效）',
  },
  opsAccountEnable: {
    ...ops('admin'),
    path: '/ops/api/accounts/enable',
    writes: true,
    request: accountRef,
    response: nothing,
    summary: '启用账号',
  },
  opsOperatorList: {
    ...ops('admin'),
    path: '/ops/api/operators/list',
    writes: false,
    response: z.strictObject({ list: z.array(account) }),
    summary: '后台操作员账号及其角色',
  },
  opsOperatorCreate: {
    ...ops('admin'),
    path: '/ops/api/operators/create',
    writes: true,
    request: z.object({ login: requiredText('操作员账号', 32), name: requiredText('操作员姓名', 20), roles }),
    response: z.strictObject({ login: z.string(), name: z.string(), roles: z.array(z.enum(OPERATOR_ROLES)), password: z.string() }),
    summary: '新建操作员账号（生成初始密码，首次登录须修改）',
  },
  opsOperatorRoles: {
    ...ops('admin'),
    path: '/ops/api/operators/roles',
    writes: true,
    request: z.object({ login: requiredText('操作员账号', 32), roles }),
    response: z.strictObject({ login: z.string(), roles: z.array(z.enum(OPERATOR_ROLES)) }),
    summary: '设置操作员角色（不能修改本人的角色）',
  },
  opsSearch: {
    ...ops('admin', 'reviewer', 'finance', 'data'),
    path: '/ops/api/search',
    writes: false,
    request: z.object({ keyword: requiredText('查询内容', 40) }),
    response: z.strictObject({
      list: z.array(
        z.strictObject({
          kind: z.enum(['unit', 'person', 'application', 'claim']),
          id: z.number().int(),
          title: z.string(),
          subtitle: z.string().describe('单位账号、脱敏身份证号或状态'),
        }),
      ),
    }),
    summary: '全局查找：申请号 SQ…、补助申请号 BZ…、单位账号/信用代码/名称、身份证号或姓名（各最多 10 条）',
  },
  opsPersonUnmask: {
    ...ops('admin', 'reviewer', 'finance', 'data'),
    path: '/ops/api/persons/unmask',
    // Reads a person; what it writes is only its audit row.
    writes: false,
    request: z.object({ personId: idField('请选择人员'), reason }),
    response: z.strictObject({ name: z.string(), certNo: z.string(), phone: z.string().nullable() }),
    summary: '查看完整身份证号与手机号（须写明原因，记入审计日志）',
  },
  opsAuditList: {
    ...ops('admin'),
    path: '/ops/api/audit/list',
    writes: false,
    request: auditFilter.extend({ before: bigIdField().optional().describe('翻页：上一页最后一条的 id') }),
    response: z.strictObject({ list: z.array(auditRow), next: z.number().int().nullable() }),
    summary: '审计日志（最新在前，每页 50 条；系统管理与审计人员可查）',
  },
  opsAuditExport: {
    ...ops('admin'),
    path: '/ops/api/audit/export',
    sealed: 'either',
    writes: false,
    request: auditFilter,
    response: fileBytes,
    summary: '按筛选条件导出审计日志（Excel，最新在前，最多 10000 条；系统管理与审计人员可查）',
  },
});
