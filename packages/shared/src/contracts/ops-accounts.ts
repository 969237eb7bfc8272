import { z } from 'zod';
import { OPERATOR_ROLES } from '../operator-roles';
import { idField } from '../schemas/ids';
import { defineContracts, ops } from './define';

/*
 * The back office's accounts as lists (issue 19): the tree of level-1 unions and their units with
 * the units' authorization and notification states, the workers' personal accounts, and one
 * account's detail with its history from the audit log. The administrator and the auditor read
 * them; the actions on an account stay the administrator's (ops-admin.ts).
 * Lists page by keyset on the id (`after`: the last id of the page before), 20 a page.
 */

/** Where an account stands; `lockedUntil` is set while a lock (five wrong passwords) runs. */
const accountState = {
  accountId: z.number().int(),
  status: z.enum(['active', 'disabled', 'pending', 'rejected']),
  lockedUntil: z.string().nullable().describe('登录锁定到（ISO 时间）；未锁定为 null'),
};

const after = idField('翻页位置不正确').optional().describe('翻页：上一页最后一条的 id');
const next = z.number().int().nullable().describe('下一页的 after；没有下一页为 null');
const keyword = z.string().trim().max(40, '查询内容不能超过40个字').optional();

const union = z.strictObject({
  unitId: z.number().int(),
  uact: z.string(),
  name: z.string(),
  uniType: z.enum(['92', '93', '99']).nullable().describe('92 联合基层工会、93 行业工会、99 独立基层工会'),
  regionCode: z.string().nullable(),
  units: z.number().int().describe('下属单位数'),
  ...accountState,
});

const unionUnit = z.strictObject({
  unitId: z.number().int(),
  uact: z.string(),
  name: z.string(),
  uscc: z.string().nullable(),
  authState: z.string().nullable().describe("授权状态：'1' 已授权 '2' 已解除授权；空为无（93 工会下属分会）"),
  notifyState: z.string().nullable().describe("通知状态：'0' 未通知 '1' 已通知 '2' 已撤销申报 '3' 已申报；空为无（92 工会下属企业）"),
  insured: z.boolean(),
  ...accountState,
});

const personAccount = z.strictObject({
  personId: z.number().int(),
  name: z.string(),
  certNo: z.string().describe('脱敏身份证号，如 4301**********0022'),
  phone: z.string().describe('脱敏手机号，如 138****0001；无为空'),
  createdAt: z.string(),
  ...accountState,
});

const historyRow = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  what: z.string().describe('办理事项：登录、登录失败、登录锁定、解除锁定、重置密码、停用账号、启用账号等'),
  by: z.string().describe('办理人：操作员姓名，或“本人”'),
  note: z.string().nullable().describe('原因或说明（失败次数、IP）'),
});

export const opsAccountCalls = defineContracts(['操作员'], {
  opsUnionTree: {
    ...ops('admin'),
    path: '/ops/api/accounts/unions',
    writes: false,
    request: z.object({
      keyword: keyword.describe('工会账号（精确）或名称的一部分'),
      uniType: z.enum(['92', '93', '99'], { error: '工会类型只能是 92、93 或 99' }).optional(),
      regionCode: z
        .string()
        .regex(/^\d{6}$/, '行政区划须为6位数字')
        .optional(),
      after,
    }),
    response: z.strictObject({
      list: z.array(union),
      next,
      districts: z
        .array(z.strictObject({ code: z.string(), name: z.string() }))
        .describe('一级工会所在的各地区（区县），供按地区筛选；按代码排序'),
    }),
    summary: '账号管理：一级工会（每页 20 个，按编号），各有下属单位数与账号状态',
  },
  opsUnionUnits: {
    ...ops('admin'),
    path: '/ops/api/accounts/union-units',
    writes: false,
    request: z.object({ unionId: idField('请选择工会'), after }),
    response: z.strictObject({ list: z.array(unionUnit), next }),
    summary: '账号管理：一个工会的下属单位（每页 20 个），授权状态、通知状态与账号状态',
  },
  opsPersonAccountList: {
    ...ops('admin'),
    path: '/ops/api/accounts/persons',
    writes: false,
    request: z.object({
      keyword: keyword.describe('身份证号或姓名（均为完整：按索引查，不扫全市职工）'),
      after,
    }),
    response: z.strictObject({ list: z.array(personAccount), next }),
    summary: '账号管理：职工个人账号（每页 20 个，身份证号与手机号脱敏）',
  },
  opsAccountDetail: {
    ...ops('admin'),
    path: '/ops/api/accounts/detail',
    writes: false,
    request: z.object({ accountId: idField('请选择账号') }),
    response: z.strictObject({
      account: z.strictObject({
        ...accountState,
        loginType: z.enum(['unit', 'personal', 'operator']),
        login: z.string().describe('登录账号；个人账号为脱敏的身份证号'),
        name: z.string(),
        roles: z.array(z.enum(OPERATOR_ROLES)),
        mustChangePassword: z.boolean(),
        createdAt: z.string(),
        passwordChangedAt: z.string().nullable(),
        lastLoginAt: z.string().nullable(),
      }),
      unit: z
        .strictObject({
          uscc: z.string().nullable(),
          level: z.number().int(),
          uniType: z.string().nullable(),
          parentName: z.string().nullable(),
          authState: z.string().nullable(),
          notifyState: z.string().nullable(),
          insured: z.boolean(),
        })
        .nullable(),
      person: z.strictObject({ certNo: z.string(), phone: z.string() }).nullable(),
      history: z.array(historyRow).describe('最新在前，最多 50 条'),
    }),
    summary: '账号详情：单位或职工、账号状态与账号的办理记录（登录、锁定、解锁、重置、停用、启用，最新 50 条）',
  },
});
