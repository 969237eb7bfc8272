import { z } from 'zod';
import { checkIdCard } from '../validation/idCard';
import { isCalendarDay } from './fields';

/**
 * What the city union's operator sends (CLI and the operator API): periods and products, payment
 * confirmation, messages, what waits. Every field is checked here; the services parse with these
 * and refuse with the first message (Chinese, saying what to fix).
 */

/** 'YYYY-MM-DD' that is a real calendar day. */
export const dayField = (label: string) =>
  z
    .string({ error: `请输入${label}（YYYY-MM-DD）` })
    .trim()
    .refine(isCalendarDay, `${label}须为有效日期（YYYY-MM-DD）`);

export const periodYear = z.coerce
  .number({ error: '请输入互助年度' })
  .int('互助年度须为四位年份')
  .min(2000, '互助年度须为 2000-2100 的年份')
  .max(2100, '互助年度须为 2000-2100 的年份');

/** Fields of a period (互助期); on create the absent ones take the usual calendar (docs/decisions.md, "Period phase from its dates"). */
export const periodFields = z.object({
  year: periodYear,
  name: z.string().trim().min(1, '请输入互助期名称').max(50, '互助期名称不能超过50个字').optional(),
  startDate: dayField('保障开始日期').optional(),
  endDate: dayField('保障结束日期').optional(),
  enrolStart: dayField('申报开始日期').optional(),
  enrolEnd: dayField('申报截止日期').optional(),
  payDeadline: dayField('缴费截止日期').optional(),
  waitingDays: z.coerce
    .number({ error: '等待期须为 0-365 的整数天数' })
    .int('等待期须为 0-365 的整数天数')
    .min(0, '等待期须为 0-365 的整数天数')
    .max(365, '等待期须为 0-365 的整数天数')
    .optional(),
});
export type PeriodFields = z.input<typeof periodFields>;

/** The benefit rule a product carries (enrolment BenefitRule): amounts in fen, ratios in percent. */
export const benefitRuleField = z.strictObject(
  {
    deductibleFen: z.number().int().min(0).optional(),
    capFen: z.number().int().min(0).optional(),
    bands: z
      .array(z.strictObject({ uptoFen: z.number().int().min(0).nullable(), ratioPct: z.number().min(0).max(100) }))
      .max(20)
      .optional(),
    lumpSumFen: z.number().int().min(0).optional(),
    dailyFen: z.number().int().min(0).optional(),
    maxDays: z.number().int().min(0).max(366).optional(),
    hardshipFen: z.number().int().min(0).optional(),
  },
  {
    error: '待遇规则须为 JSON 对象：deductibleFen、capFen、bands[{uptoFen, ratioPct}]、lumpSumFen、dailyFen、maxDays、hardshipFen',
  },
);

export const productFields = z.object({
  year: periodYear,
  code: z
    .string({ error: '请输入险种代码' })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{2,8}$/, '险种代码须为 2-8 位数字或大写字母'),
  name: z.string().trim().min(1, '请输入险种名称').max(30, '险种名称不能超过30个字').optional(),
  rateFen: z.coerce
    .number({ error: '每份费率须为金额' })
    .int('每份费率须以分为单位的整数')
    .min(0, '每份费率不能为负')
    .max(10_000_000, '每份费率过大')
    .optional(),
  maxShares: z.coerce
    .number({ error: '可购份数须为 1-10 的整数' })
    .int('可购份数须为 1-10 的整数')
    .min(1, '可购份数须为 1-10 的整数')
    .max(10, '可购份数须为 1-10 的整数')
    .optional(),
  eligibility: z.enum(['all', 'female'], { error: '参加范围只能是 all（全体职工）或 female（限女职工）' }).optional(),
  benefitRule: benefitRuleField.optional(),
  sort: z.coerce
    .number({ error: '排序须为 0-999 的整数' })
    .int('排序须为 0-999 的整数')
    .min(0, '排序须为 0-999 的整数')
    .max(999, '排序须为 0-999 的整数')
    .optional(),
});
export type ProductFields = z.input<typeof productFields>;

/** Yuan as people write it: 1234, 1234.5, 1,234.50, ¥1234.50 → fen; null when it is not an amount. */
export function fenOfYuan(text: string): number | null {
  // As typed or as a bank's file writes it: spaces, thousands separators (also full-width), a ¥ in front.
  const s = text.replace(/[\s,，]/g, '').replace(/^[¥￥]/, '');
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** An application named by its id (42) or its number (SQ2027000042). */
export const applicationRef = z
  .union([z.string(), z.number()], { error: '请输入申请编号' })
  .transform((v) => String(v).trim().toUpperCase())
  .refine((v) => /^\d{1,9}$/.test(v) || /^SQ\d{4}\d{6,9}$/.test(v), '申请编号须为数字编号或 SQ 开头的申请号（如 SQ2027000042）');

export const paymentConfirmFields = z.object({
  application: applicationRef,
  amount: z
    .union([z.string(), z.number()], { error: '请输入缴费金额（元）' })
    .transform((v) => String(v))
    .pipe(z.string().refine((v) => fenOfYuan(v) !== null && fenOfYuan(v)! > 0, '缴费金额须为大于 0 的元金额，最多两位小数')),
  paidOn: dayField('缴费日期'),
  voucherNo: z
    .string({ error: '请输入缴费凭证号' })
    .trim()
    .min(1, '请输入缴费凭证号')
    .max(40, '缴费凭证号不能超过40个字符')
    .regex(/^[0-9A-Za-z_-]+$/, '缴费凭证号只能包含数字、字母、下划线和连字符'),
});
export type PaymentConfirmFields = z.input<typeof paymentConfirmFields>;

export const messageSendFields = z.object({
  to: z
    .string({ error: '请输入收件单位账号或个人身份证号码' })
    .trim()
    .min(1, '请输入收件单位账号或个人身份证号码')
    .max(20, '收件人须为单位账号或身份证号码'),
  title: z.string({ error: '请输入消息标题' }).trim().min(1, '请输入消息标题').max(100, '消息标题不能超过100个字'),
  content: z.string({ error: '请输入消息正文' }).trim().min(1, '请输入消息正文').max(2000, '消息正文不能超过2000个字'),
});
export type MessageSendFields = z.input<typeof messageSendFields>;

/** A person's ID number as the operator types it (X upper-cased). */
export const isIdNumber = (v: string) => checkIdCard(v.toUpperCase()) === null;

export const payableListFields = z.object({
  overdue: z.boolean({ error: '是否仅列逾期（overdue）须为 true 或 false' }).optional(),
  year: periodYear.optional(),
});

/** A number of days, 0-365, with its label in the message. */
const daysField = (label: string) =>
  z.coerce
    .number({ error: `${label}须为 0-365 的整数天数` })
    .int(`${label}须为 0-365 的整数天数`)
    .min(0, `${label}须为 0-365 的整数天数`)
    .max(365, `${label}须为 0-365 的整数天数`);

export const waitingListFields = z.object({
  /** Submitted applications waiting for their union longer than this many days. */
  reviewDays: daysField('工会未审核天数').default(7),
  /** Unpaid applications whose deadline is within this many days (or past). */
  dueDays: daysField('距缴费截止天数').default(7),
});

/**
 * A product's edit: its fields, and the confirmation that a new benefit rule may recompute the
 * treatments already computed under the old one (the first try answers what would change).
 */
export const productEditFields = productFields.extend({
  confirmRecompute: z.boolean({ error: 'confirmRecompute 须为 true 或 false' }).optional(),
});
