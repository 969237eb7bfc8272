import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';
import { dayField, periodYear } from './operator';
import { isCalendarDay, optionalDay } from './fields';
import { bigIdField } from './ids';

/**
 * 互助待遇查询 (issue 9): the requests of /gob/web/mutualAidTreatment/… (unit and personal) and of
 * the operator's treatment calls. Blank filters count as absent.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const yearFilter = z.preprocess(
  blank,
  z.coerce.number({ error: '请选择互助年度' }).int('请选择互助年度').min(2000, '请选择互助年度').max(2100, '请选择互助年度').optional(),
);

export const TREATMENT_STATE_VALUES = ['none', 'pending', 'paid'] as const;

const stateFilter = z.preprocess(blank, z.enum(TREATMENT_STATE_VALUES, { error: '请选择待遇状态' }).optional());

const productFilter = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{2,8}$/, '请选择险种')
    .optional(),
);

/** The filters of the person's own list (and export). */
export const treatmentPersonalFilter = z.object({
  year: yearFilter,
  productCode: productFilter,
  state: stateFilter,
  hospital: z.string().trim().max(50, '字段长度不能超过50').optional(),
  dischargedFrom: optionalDay('请输入正确的出院开始日期'),
  dischargedTo: optionalDay('请输入正确的出院结束日期'),
});

/** The filters of the unit's list (and export): the person's name (prefix) and ID number besides. */
export const treatmentFilter = treatmentPersonalFilter.extend({
  name: z.string().trim().max(30, '字段长度不能超过30').optional(),
  certNo: z.string().trim().toUpperCase().max(18, '字段长度不能超过18').optional(),
});
export type TreatmentFilter = z.output<typeof treatmentFilter>;

/**
 * A page key: the discharge date and id of a row ('2026-05-01_123'). The list runs newest
 * discharge first; `afterKey` (the previous page's last row) and `beforeKey` (the next page's
 * first) step to a neighbouring page by keyset, at any depth at the same cost.
 */
const pageKey = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}_\d{1,15}$/, '翻页参数有误，请回到第一页')
    .refine((v) => isCalendarDay(v.slice(0, 10)), '翻页参数有误，请回到第一页')
    .optional(),
);

const paging = {
  pageNum: z.coerce.number().int().min(1).max(10_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  afterKey: pageKey,
  beforeKey: pageKey,
  /**
   * Whether to answer the totals of the whole filtered set (a sum over every row of the filter:
   * ≈ 170 ms for a unit of 200,000 treatments). The portal asks on the first page of a filter and
   * keeps them while paging; absent counts as yes.
   */
  withTotals: z.boolean().default(true),
};

export const treatmentPageRequest = treatmentFilter.extend(paging);

export const treatmentPersonalPageRequest = treatmentPersonalFilter.extend(paging);

/** One treatment by the id the list answered. */
export const treatmentIdRequest = z.object({
  id: bigIdField('互助待遇记录不存在'),
});

/** The operator's list (ops treatment-list): by state, year, ID number. */
export const opsTreatmentListFields = z.object({
  state: stateFilter,
  year: periodYear.optional(),
  certNo: z.string().trim().toUpperCase().max(18, '身份证号码不能超过18位').optional(),
  limit: z.coerce.number().int().min(1, '条数须为 1-1000').max(1000, '条数须为 1-1000').default(200),
});

/** The operator's payout batch (ops treatment-pay): every pending treatment, or one year's; paid on a day (default today). */
export const opsTreatmentPayFields = z.object({
  year: periodYear.optional(),
  paidOn: dayField('发放日期').optional(),
});
