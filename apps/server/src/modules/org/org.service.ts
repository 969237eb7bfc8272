import type { FastifyReply } from 'fastify';
import {
  authorizationLabel,
  chinaDay,
  NOT_INSURED_MESSAGES,
  notificationLabel,
  ORG_MESSAGES,
  type SubFilter,
  type subAccountRequest,
  type subAddRequest,
  type subNotifyRequest,
  type subPageRequest,
  type subStateRequest,
  type subUpdateRequest,
} from '@hall/shared';
import type { z } from 'zod';
import { audit, auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import { hashPassword } from '../../lib/passwords';
import { type ExportColumn, sendTable } from '../../lib/table-export';
import type { Caller, HallContext } from '../../types';
import { generatePassword } from '../accounts/accounts.service';
import { moveAccount } from '../accounts/transition.service';
import { LIMITS, tryHit } from '../limits/limits.service';
import { signedSms } from '../sms/signature';
import { deliverMail } from '../mail/mail.service';
import * as repo from './org.repository';
import { moveSubordinates } from './transition.service';

/**
 * A level-1 union's subordinate units (issue 10): a 92 union's member enterprises
 * (/basic-management, notification states) and a 93 union's branch unions (/subuni-management,
 * authorization states). Every id is the caller union's own or refused as not found.
 */

interface Union {
  id: number;
  uact: string;
  name: string;
  uniType: '92' | '93';
}

/** The caller as a union with subordinates (92 or 93), or the refusal; `only` narrows to one type. */
export async function unionOf(ctx: HallContext, caller: Caller, ip: string | undefined, only?: '92' | '93'): Promise<Union> {
  const u = caller.unit;
  const type = u?.level === 1 ? u.uniType : null;
  const ok = only ? type === only : type === '92' || type === '93';
  if (!u || !ok || caller.actingBy) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { scope: 'org', need: only ?? '92/93' }, ip);
    throw refuse(only === '92' ? ORG_MESSAGES.onlyUnion92 : only === '93' ? ORG_MESSAGES.onlyUnion93 : ORG_MESSAGES.onlyUnion);
  }
  // /basic-management needs an insured union (spec §2: needInsured); /subuni-management does not.
  if (type === '92' && !u.insured) throw refuse(NOT_INSURED_MESSAGES.unit);
  return { id: u.id, uact: u.uact, name: u.empName, uniType: type as '92' | '93' };
}

const ACCOUNT_LABELS = { active: '正常', disabled: '已停用' } as const;

function toRow(r: NonNullable<repo.SubRecord>, unmasked = false) {
  const accountState = r.accountState === 'disabled' ? 'disabled' : 'active';
  return {
    id: String(r.id),
    uact: r.uact,
    name: r.name,
    uscc: r.uscc ?? '',
    contactName: r.contactName ?? '',
    contactPhone: unmasked ? (r.contactPhone ?? '') : maskPhone(r.contactPhone),
    address: r.address ?? '',
    insured: r.insured,
    notifyState: r.notifyState ?? '',
    notifyStateLabel: notificationLabel(r.notifyState),
    authState: r.authState ?? '',
    authStateLabel: authorizationLabel(r.authState),
    accountState,
    accountStateLabel: ACCOUNT_LABELS[accountState],
    createdAt: chinaDay(r.createdAt),
  } as const;
}

async function ownSub(ctx: HallContext, caller: Caller, union: Union, id: number, ip?: string) {
  const row = await repo.subById(ctx.db, union.id, id);
  if (!row) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { scope: 'org', id }, ip);
    throw refuse(ORG_MESSAGES.notFound);
  }
  return row;
}

const unionAudit = (ctx: HallContext, caller: Caller, event: string, detail: Record<string, unknown>, ip?: string) =>
  event === 'download'
    ? audit(ctx.db, ctx.clock.now(), { actorKind: 'unit', actorKey: caller.loginName, action: 'download', detail, ip })
    : audit(ctx.db, ctx.clock.now(), {
        actorKind: 'unit',
        actorKey: caller.loginName,
        action: 'org-change',
        detail: { event, ...detail },
        ip,
      });

/** queryList: the union's subordinates, paged, with the filters that stay. */
export async function subPage(ctx: HallContext, caller: Caller, input: z.output<typeof subPageRequest>, ip?: string) {
  const union = await unionOf(ctx, caller, ip);
  const { pageNum, pageSize, ...filter } = input;
  const { list, total } = await repo.subPage(ctx.db, union.id, filter, { pageNum, pageSize });
  return { list: list.map((r) => toRow(r)), totlCnt: total, pageNum, pageSize };
}

const NOTIFY_REFUSALS: Record<string, string> = {
  '1': '该企业已通知，无需重复通知',
  '3': '该企业已申报，无需通知',
};

/**
 * updateDataByID: one subordinate's notification state (92: only '1' 通知申报, from 未通知 or
 * 已撤销申报; 已申报 and 已撤销申报 follow the enterprise's application) or authorization state
 * (93: '2' 解除授权 from '1', '1' 恢复授权 from '2', each with a reason). Audited; the unit is told by mail.
 */
export async function subState(ctx: HallContext, caller: Caller, input: z.output<typeof subStateRequest>, ip?: string) {
  if (input.notifyState !== undefined) {
    const union = await unionOf(ctx, caller, ip, '92');
    const row = await ownSub(ctx, caller, union, input.id, ip);
    if (input.notifyState !== '1') throw refuse('已申报、已撤销申报由企业的互助申请自动更新，只能将企业置为已通知');
    await notifyRows(ctx, caller, union, [row.id], ip, NOTIFY_REFUSALS[row.notifyState ?? ''] ?? '该企业当前状态不能通知申报');
    return toRow((await repo.subById(ctx.db, union.id, row.id))!);
  }
  const union = await unionOf(ctx, caller, ip, '93');
  const row = await ownSub(ctx, caller, union, input.id, ip);
  const to = input.authState!;
  const reason = input.reason?.trim();
  const action = to === '2' ? '解除授权' : '恢复授权';
  if (!reason) throw refuse(`请输入${action}原因`);
  const from = to === '2' ? '1' : '2';
  if ((await moveSubordinates(ctx.db, { column: 'authState', of: { ids: [row.id], unionId: union.id }, to })).length === 0)
    throw refuse(to === '2' ? '该分会已解除授权' : '该分会已是授权状态');
  const now = ctx.clock.now();
  await unionAudit(ctx, caller, 'branch-authorization', { branch: row.uact, from, to, reason }, ip);
  const content =
    to === '2'
      ? `上级工会已解除对您单位的授权，原因：${reason}。自即日起，您单位的互助业务由上级工会代为办理，本单位可查询。`
      : `上级工会已恢复对您单位的授权，原因：${reason}。自即日起，您单位的互助业务由本单位自行办理。`;
  await deliverMail(ctx.db, { kind: 'unit', key: row.uact }, { title: `分会${action}通知`, content, sender: union.name }, now);
  return toRow((await repo.subById(ctx.db, union.id, row.id))!);
}

/** 通知申报 of the given enterprises (checked to be the union's): mail to each one notified. */
async function notifyRows(ctx: HallContext, caller: Caller, union: Union, ids: number[], ip: string | undefined, none: string) {
  const now = ctx.clock.now();
  const notified = await ctx.db.transaction(async (db) => {
    const moved = await moveSubordinates(db, { column: 'notifyState', of: { ids, unionId: union.id }, to: '1' });
    for (const m of moved)
      await deliverMail(
        db,
        { kind: 'unit', key: m.uact },
        {
          title: '互助申报通知',
          content: `${union.name}通知您单位办理职工医疗互助申报：请登录网上服务大厅，在“互助申请”中为本单位职工提交互助申请。`,
          sender: union.name,
        },
        now,
      );
    return moved;
  });
  if (notified.length === 0) throw refuse(none);
  await unionAudit(ctx, caller, 'enterprise-notify', { units: notified.map((m) => m.uact) }, ip);
  return notified.length;
}

export async function subNotify(ctx: HallContext, caller: Caller, input: z.output<typeof subNotifyRequest>, ip?: string) {
  const union = await unionOf(ctx, caller, ip, '92');
  const ids = [...new Set(input.ids)];
  if ((await repo.countOwn(ctx.db, union.id, ids)) !== ids.length) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { scope: 'org', ids }, ip);
    throw refuse(ORG_MESSAGES.notFound);
  }
  const notified = await notifyRows(ctx, caller, union, ids, ip, '所选企业均已通知或已申报，无需通知');
  return { notified };
}

/** The first password's SMS: the hall's own words (signed as every SMS, sms/signature.ts), the account (which the contact needs) and the password. */
export const firstPasswordSms = (city: string, uact: string, password: string) =>
  signedSms(city, `您单位的网上服务大厅账号${uact}已开通，初始密码${password}，首次登录须修改密码。请勿向他人透露。`);

async function checkSubValues(ctx: HallContext, v: repo.SubValues, exceptId?: number) {
  if (await repo.usccTaken(ctx.db, v.uscc, exceptId)) throw refuse('该统一社会信用代码已有单位账号，请核对');
}

/**
 * Adds a subordinate with its unit account: a random first password that reaches the contact's
 * phone by SMS (at most LIMITS.notifyPhone a day per phone) and must be changed at first login.
 */
export async function subAdd(ctx: HallContext, caller: Caller, input: z.output<typeof subAddRequest>, ip?: string) {
  const union = await unionOf(ctx, caller, ip);
  const { uact, ...values } = input;
  if (await repo.uactTaken(ctx.db, uact)) throw refuse('该单位账号已被使用，请更换账号');
  await checkSubValues(ctx, values);
  if (!(await tryHit(ctx, 'phone:notify', LIMITS.notifyPhone, values.contactPhone)))
    throw refuse('该联系人手机号今日接收的短信已达上限，请更换手机号或明日再试');
  const password = generatePassword();
  const now = ctx.clock.now();
  const insured = await repo.registryInsured(ctx.db, values.uscc);
  let id: number;
  try {
    id = await repo.insertSub(ctx.db, union, uact, values, insured, await hashPassword(password), now);
  } catch (error) {
    // Two adds of one account at once: the unique index decides.
    if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505')
      throw refuse('该单位账号已被使用，请更换账号');
    throw error;
  }
  await ctx.sender.send({ channel: 'sms', target: values.contactPhone, content: firstPasswordSms(ctx.config.cityName, uact, password) });
  await unionAudit(ctx, caller, union.uniType === '92' ? 'enterprise-add' : 'branch-add', { uact }, ip);
  return toRow((await repo.subById(ctx.db, union.id, id))!, true);
}

export async function subUpdate(ctx: HallContext, caller: Caller, input: z.output<typeof subUpdateRequest>, ip?: string) {
  const union = await unionOf(ctx, caller, ip);
  const { id, ...values } = input;
  const row = await ownSub(ctx, caller, union, id, ip);
  await checkSubValues(ctx, values, row.id);
  await repo.updateSub(ctx.db, union.id, row.id, values, ctx.clock.now());
  await unionAudit(ctx, caller, union.uniType === '92' ? 'enterprise-edit' : 'branch-edit', { uact: row.uact }, ip);
  return toRow((await repo.subById(ctx.db, union.id, row.id))!, true);
}

/** 停用 / 启用: a disabled account cannot log in and its sessions end at once. */
export async function subAccount(ctx: HallContext, caller: Caller, input: z.output<typeof subAccountRequest>, ip?: string) {
  const union = await unionOf(ctx, caller, ip);
  const row = await ownSub(ctx, caller, union, input.id, ip);
  const [from, to] = input.enabled ? (['disabled', 'active'] as const) : (['active', 'disabled'] as const);
  const now = ctx.clock.now();
  const moved = await ctx.db.transaction(async (db) =>
    moveAccount(db, now, { account: { accountId: row.accountId }, from: [from], to, by: 'union' }),
  );
  if (!moved) throw refuse(input.enabled ? '该账号未停用' : '该账号已停用');
  await unionAudit(ctx, caller, input.enabled ? 'sub-account-enable' : 'sub-account-disable', { uact: row.uact }, ip);
  return toRow((await repo.subById(ctx.db, union.id, row.id))!);
}

/** The list's columns as the page names them (企业名称 or 分会名称; 通知状态 or 授权状态), and the day the account was opened. */
export const exportColumns = (uniType: '92' | '93'): ExportColumn[] => [
  { header: '单位账号', key: 'uact', width: 16, kind: 'text' },
  { header: uniType === '92' ? '企业名称' : '分会名称', key: 'name', width: 30, kind: 'text' },
  { header: '统一社会信用代码', key: 'uscc', width: 22, kind: 'text' },
  { header: '联系人', key: 'contactName', width: 12, kind: 'text' },
  { header: '联系电话', key: 'contactPhone', width: 16, kind: 'text' },
  { header: uniType === '92' ? '通知状态' : '授权状态', key: 'state', width: 12, kind: 'text' },
  { header: '账号状态', key: 'accountState', width: 10, kind: 'text' },
  { header: '开设日期', key: 'createdAt', width: 12, kind: 'date' },
];

export async function subExport(ctx: HallContext, caller: Caller, filter: SubFilter, reply: FastifyReply, ip?: string) {
  const union = await unionOf(ctx, caller, ip);
  const now = ctx.clock.now();
  await unionAudit(ctx, caller, 'download', { call: 'subExport', filter }, ip);
  async function* rows() {
    for await (const page of repo.subPages(ctx.db, union.id, filter))
      for (const r of page) {
        const row = toRow(r);
        yield [
          row.uact,
          row.name,
          row.uscc,
          row.contactName,
          row.contactPhone,
          union.uniType === '92' ? row.notifyStateLabel : row.authStateLabel,
          row.accountStateLabel,
          r.createdAt,
        ];
      }
  }
  const what = union.uniType === '92' ? '下属企业' : '下属分会';
  return sendTable(reply, `${what}_${chinaDay(now)}.xlsx`, what, exportColumns(union.uniType), rows());
}

/** The released branches a 93 union may act for (代分会办理); none for other units. */
export async function subOptions(ctx: HallContext, caller: Caller) {
  const u = caller.unit;
  if (u?.level !== 1 || u.uniType !== '93' || caller.actingBy) return [];
  return repo.releasedBranches(ctx.db, u.id);
}

/** An enterprise's notification state follows its enrolment application (in the enrolment transition's transaction). */
export { followApplication } from './transition.service';
