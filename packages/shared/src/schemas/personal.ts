import { z } from 'zod';
import { checkBankCard, normalizeBankCard } from '../staff/index';
import { pageQuery, requiredText } from './common';
import { captchaFields, isCalendarDay, mobileField, optionalText, ruledText, smsCodeField } from './fields';
import { idField } from './ids';

import { FILING_STATES, INSURED_STATUSES, TRANSFER_STATES } from '../personal-labels';

export * from '../personal-labels';

const dayField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .refine(isCalendarDay, `请选择${label}`);
const optionalDay = z
  .string()
  .trim()
  .refine((v) => v === '' || isCalendarDay(v), '日期格式不正确')
  .optional()
  .transform((v) => v || undefined);

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
