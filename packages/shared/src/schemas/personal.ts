import { z } from 'zod';
import { checkBankCard, normalizeBankCard } from '../staff/index';
import { pageQuery, requiredText } from './common';
import { captchaFields, mobileField, optionalText, ruledText, smsCodeField } from './fields';

/** States of a coverage transfer between units (关系转出 / 关系转入) with the page's labels. */
export const TRANSFER_STATES = ['receiving', 'reviewing', 'done', 'returned', 'cancelled'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
export const TRANSFER_STATE_LABELS: Record<TransferState, string> = {
  receiving: '待转入确认',
  reviewing: '待审核',
  done: '已完成',
  returned: '已退回',
  cancelled: '已撤销',
};

/** States of a 异地就医备案. */
export const FILING_STATES = ['submitted', 'filed', 'returned'] as const;
export type FilingState = (typeof FILING_STATES)[number];
export const FILING_STATE_LABELS: Record<FilingState, string> = { submitted: '已提交', filed: '已备案', returned: '已退回' };

/** The medical-insurance registry status of a staff member. */
export const INSURED_STATUSES = ['active', 'inactive', 'none'] as const;
export type InsuredStatus = (typeof INSURED_STATUSES)[number];
export const INSURED_STATUS_LABELS: Record<InsuredStatus, string> = { active: '参保缴费', inactive: '暂停参保', none: '未登记' };

const dayField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `请选择${label}`);
const optionalDay = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, '日期格式不正确')
  .optional()
  .transform((v) => v || undefined);
const idField = (label: string) => z.coerce.number({ error: label }).int(label).positive(label);

/** POST …/personalInfo/sendPhoneCode: a code to the NEW phone, after a captcha. */
export const phoneCodeRequest = z.object({ phone: mobileField('新手机号码'), ...captchaFields });
/** POST …/personalInfo/changePhone */
export const phoneChangeRequest = z.object({ phone: mobileField('新手机号码'), code: smsCodeField() });
/** POST …/personalInfo/sendCardCode: a code to the phone on record, after a captcha. */
export const cardCodeRequest = z.object({ ...captchaFields });
/** POST …/personalInfo/changeCard */
export const cardChangeRequest = z.object({
  bankName: requiredText('开户银行', 50),
  bankCard: ruledText('银行卡号', checkBankCard, 30).transform((v) => normalizeBankCard(v)),
  code: smsCodeField(),
});

/** POST …/relationTransfer/searchUnit: the receiving unit by credit code or name. */
export const transferUnitSearchRequest = z.object({ keyword: requiredText('统一社会信用代码或单位名称', 60) });
/** POST …/relationTransfer/outApply */
export const transferOutRequest = z.object({
  staffId: idField('请选择转出人员'),
  toUscc: requiredText('转入单位统一社会信用代码', 18).transform((v) => v.toUpperCase()),
  transferDate: dayField('转移日期'),
  reason: optionalText(200),
});
export const transferRefRequest = z.object({ id: idField('转移申请不存在') });
export const transferReturnRequest = z.object({ id: idField('转移申请不存在'), reason: requiredText('退回原因', 200) });
/** POST …/relationTransfer/getPageList: direction out (转出) or into (转入). */
export const transferListRequest = pageQuery.extend({
  direction: z.enum(['out', 'into'], { error: '请选择转出或转入' }),
  state: z.union([z.enum(TRANSFER_STATES), z.literal('')]).optional(),
  name: z.string().trim().max(50, '字段长度不能超过50').optional(),
});

/** POST …/differentPlace/apply: a unit names its staff member; a worker files for themself. */
export const filingApplyRequest = z
  .object({
    staffId: idField('请选择备案人员').optional(),
    regionCode: z
      .string({ error: '请选择就医地' })
      .trim()
      .regex(/^\d{6}$/, '请选择就医地'),
    regionName: requiredText('就医地', 100),
    hospitalName: requiredText('就医医院', 100),
    fromDate: dayField('开始日期'),
    toDate: dayField('结束日期'),
    reason: requiredText('备案原因', 200),
  })
  .refine((v) => v.fromDate <= v.toDate, { message: '开始日期不能晚于结束日期', path: ['toDate'] });
export const filingListRequest = pageQuery.extend({
  state: z.union([z.enum(FILING_STATES), z.literal('')]).optional(),
  name: z.string().trim().max(50, '字段长度不能超过50').optional(),
  from: optionalDay,
  to: optionalDay,
});

const statusFilters = {
  name: z.string().trim().max(50, '字段长度不能超过50').optional(),
  certNo: z.string().trim().toUpperCase().max(18, '字段长度不能超过18').optional(),
  status: z.union([z.enum(INSURED_STATUSES), z.literal('')]).optional(),
};
export const insuredStatusListRequest = pageQuery.extend(statusFilters);
export const insuredStatusExportRequest = z.object(statusFilters);

/** Operator: lists and decisions. */
export const opsTransferListRequest = z.object({ state: z.enum(TRANSFER_STATES).optional() });
export const opsFilingListRequest = z.object({ state: z.enum(FILING_STATES).optional() });
export const opsRefRequest = z.object({ id: idField('编号不正确') });
export const opsReturnRequest = z.object({ id: idField('编号不正确'), reason: requiredText('退回原因', 200) });

/**
 * 手工报销 for a stay admitted from this day needs a confirmed 异地就医备案 of the same hospital
 * covering the stay (the day the hall's filing service opened; earlier stays could not be filed).
 */
export const FILING_REQUIRED_FROM = '2026-12-01';
