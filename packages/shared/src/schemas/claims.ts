import { z } from 'zod';
import { ATTACHMENT_KIND_LABELS, CLAIM_STATE_LABELS, CLAIM_TYPE_LABELS } from '../benefits/index';
import { keysOf } from '../labels';
import { pageQuery, requiredText } from './common';
import { dayField } from './operator';
import { bigIdField, idField } from './ids';

/*
 * Requests of subsidy claims (补助申请): the form both filers use, the attachments, the record
 * queries and the operator's decisions. Money is integer fen on the portal's calls and yuan
 * (as people write it) on the operator's. Which stay fields a type needs is the server's rule
 * (modules/claims), so the preview can say everything that is missing at once.
 */

export const CLAIM_MISSING = '补助申请不存在或无权查看';

const TYPES = keysOf(CLAIM_TYPE_LABELS);
const STATES = keysOf(CLAIM_STATE_LABELS);
const KINDS = keysOf(ATTACHMENT_KIND_LABELS);

/** Blank (or null) reads as absent: forms and filters send empty fields. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional()) as unknown as z.ZodOptional<T>;

export const claimIdField = idField(CLAIM_MISSING);
const text = (max: number) => blankAsAbsent(z.string().trim().max(max, `字段长度不能超过${max}`));

export const claimTypeField = z.enum(TYPES, { error: '请选择补助类型' });

/** The claim form; `id` absent makes a new draft. */
export const claimFormFields = z.object({
  id: blankAsAbsent(claimIdField),
  type: claimTypeField,
  admittedOn: blankAsAbsent(dayField('入院日期')),
  dischargedOn: blankAsAbsent(dayField('出院日期')),
  hospitalName: text(100),
  diagnosisCode: blankAsAbsent(
    z
      .string()
      .trim()
      .max(20, '诊断编码不能超过20个字符')
      .regex(/^[A-Za-z0-9.]*$/, '诊断编码只能包含字母、数字和点（ICD-10，如 C50.9）'),
  ),
  diagnosisName: text(100),
  /** 手工报销: the invoices' policy-scope self-pay (fen). */
  invoiceFen: blankAsAbsent(
    z.coerce
      .number({ error: '发票金额须为数字' })
      .int('发票金额须精确到分')
      .min(0, '发票金额不能为负数')
      .max(100_000_000_00, '发票金额超出范围'),
  ),
  bankName: text(60),
  bankCard: blankAsAbsent(
    z
      .string()
      .trim()
      .regex(/^\d{12,30}$/, '银行卡号须为12-30位数字'),
  ),
  note: text(200),
});
/** The unit's form names the staff member (a current, covered member of its roster). */
export const claimUnitFormFields = claimFormFields.extend({ staffId: idField('请选择申请补助的职工') });

export const claimIdRequest = z.object({ id: claimIdField });
export const claimReturnRequest = z.object({ id: claimIdField, reason: requiredText('退回原因（需补正的内容）', 200) });

export const claimAttachRequest = z.object({
  claimId: claimIdField,
  kind: z.enum(KINDS, { error: '请选择材料类型' }),
  fileId: z.string({ error: '请先上传文件' }).trim().uuid('文件不存在或已失效，请重新上传'),
  /** Replaces this attachment of the claim (same transaction). */
  replaceId: blankAsAbsent(bigIdField('要替换的材料不存在')),
});
export const claimDetachRequest = z.object({ claimId: claimIdField, attachmentId: bigIdField('材料不存在或已删除') });

export const claimStaffOptionsRequest = pageQuery.extend({
  keyword: blankAsAbsent(z.string().trim().max(30, '字段长度不能超过30')),
});

const periodYear = z.coerce
  .number({ error: '请选择互助年度' })
  .int('请选择互助年度')
  .min(2000, '请选择互助年度')
  .max(2100, '请选择互助年度');
const filterDay = (label: string) => blankAsAbsent(dayField(label));

/** The record query's filters (the unit's list and its export). */
export const claimFilterFields = z.object({
  name: text(30),
  certNo: blankAsAbsent(z.string().trim().max(18, '身份证号码不能超过18位')),
  type: blankAsAbsent(claimTypeField),
  state: blankAsAbsent(z.enum(STATES, { error: '申请状态不正确' })),
  /** 申请日期 from / to (Beijing days). */
  dateFrom: filterDay('开始日期'),
  dateTo: filterDay('结束日期'),
  periodYear: blankAsAbsent(periodYear),
  /** Only the workers' own claims (职工申请审核). */
  filedBy: blankAsAbsent(z.enum(['unit', 'personal'], { error: '申请人不正确' })),
});
export const claimListRequest = pageQuery.extend(claimFilterFields.shape);
export const claimListPersonalRequest = pageQuery.extend({
  type: blankAsAbsent(claimTypeField),
  state: blankAsAbsent(z.enum(STATES, { error: '申请状态不正确' })),
  periodYear: blankAsAbsent(periodYear),
});
export const claimUnionListRequest = pageQuery.extend({
  /** Absent: the claims waiting for the union (工会审核). */
  state: blankAsAbsent(z.enum(STATES, { error: '申请状态不正确' })),
  empName: text(50),
  name: text(30),
});

// ---- the operator's ----

/** A claim named by its id (42) or its number (BZ2026000042). */
export const claimRef = z
  .union([z.string(), z.number()], { error: '请输入补助申请编号' })
  .transform((v) => String(v).trim().toUpperCase())
  .refine((v) => /^\d{1,9}$/.test(v) || /^BZ\d{4}\d{6,9}$/.test(v), '补助申请编号须为数字编号或 BZ 开头的申请号（如 BZ2026000042）');

export const opsClaimListFields = z.object({ state: blankAsAbsent(z.enum(STATES, { error: '申请状态不正确' })) });
export const opsClaimRefFields = z.object({ claim: claimRef });
export const opsClaimAttachmentFields = z.object({ claim: claimRef, attachmentId: bigIdField('材料不存在') });
export const opsClaimApproveFields = z.object({
  claim: claimRef,
  /** Yuan; absent: the amount the rule computed. May only lower it, with a note. */
  amount: blankAsAbsent(z.union([z.string(), z.number()]).transform((v) => String(v))),
  note: text(200),
});
export const opsClaimReasonFields = z.object({ claim: claimRef, reason: requiredText('原因', 200) });
export const opsClaimPayFields = z.object({ paidOn: blankAsAbsent(dayField('发放日期')) });
export type OpsClaimApproveFields = z.input<typeof opsClaimApproveFields>;
export type OpsClaimReasonFields = z.input<typeof opsClaimReasonFields>;
