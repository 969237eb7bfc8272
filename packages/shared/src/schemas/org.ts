import { z } from 'zod';
import { checkAccount, checkMobile, checkUscc } from '../validation/index';
import { ORG_MESSAGES } from '../org/index';
import { pageQuery } from './common';
import { optionalText, ruledText } from './fields';
import { idField } from './ids';

/** Union organisation (issue 10): requests of /gob/web/uactRelevParNaService/… */

/** A subordinate unit's id as the list answers it. */
const subId = idField(ORG_MESSAGES.notFound);

const blankToUndefined = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), t.optional());

/** The list's filters (also the export's). */
export const subFilter = z.object({
  name: z.string().trim().max(50, '字段长度不能超过50').optional(),
  uscc: z.string().trim().toUpperCase().max(18, '字段长度不能超过18').optional(),
  notifyState: blankToUndefined(z.enum(['0', '1', '2', '3'], { error: '请选择通知状态' })),
  authState: blankToUndefined(z.enum(['1', '2'], { error: '请选择授权状态' })),
  /** active 正常, disabled 已停用. */
  accountState: blankToUndefined(z.enum(['active', 'disabled'], { error: '请选择账号状态' })),
});
export type SubFilter = z.output<typeof subFilter>;

/** POST …/uactRelevParNaService/queryList: the caller union's subordinate units, paged. */
export const subPageRequest = subFilter.extend(pageQuery.shape);

const reason = z.string({ error: '请输入原因' }).trim().max(200, '字段长度不能超过200').optional();

/**
 * POST …/uactRelevParNaService/updateDataByID: one subordinate's notification state (92 union:
 * '1' 通知申报) or authorization state (93 union: '2' 解除授权 / '1' 恢复授权, with a reason).
 */
export const subStateRequest = z
  .object({
    id: subId,
    notifyState: blankToUndefined(z.enum(['0', '1', '2', '3'], { error: '通知状态不正确' })),
    authState: blankToUndefined(z.enum(['1', '2'], { error: '授权状态不正确' })),
    reason,
  })
  .superRefine((v, ctx) => {
    if ((v.notifyState === undefined) === (v.authState === undefined))
      ctx.addIssue({ code: 'custom', message: '请指定要修改的通知状态或授权状态（只能修改其一）' });
  });

/** 通知申报 for one or several enterprises at once. */
export const subNotifyRequest = z.object({
  ids: z.array(subId, { error: '请选择要通知的企业' }).min(1, '请选择要通知的企业').max(500, '一次最多通知500家企业'),
});

const subFields = {
  name: ruledText('单位名称', (v) => (String(v).length > 50 ? '单位名称不能超过50个字' : null), 50),
  uscc: ruledText('统一社会信用代码', checkUscc, 18).transform((v) => v.toUpperCase()),
  contactName: ruledText('联系人', (v) => (String(v).length > 20 ? '联系人不能超过20个字' : null), 20),
  contactPhone: ruledText('联系人手机号码', checkMobile, 11),
  address: optionalText(100),
};

/** Adds a subordinate unit with its unit account (the first password goes to the contact by SMS). */
export const subAddRequest = z.object({ uact: ruledText('单位账号', checkAccount, 20), ...subFields });

export const subUpdateRequest = z.object({ id: subId, ...subFields });

/** 停用 / 启用 a subordinate's account. */
export const subAccountRequest = z.object({
  id: subId,
  enabled: z.boolean({ error: '请选择启用或停用' }),
});
