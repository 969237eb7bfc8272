import { z } from 'zod';
import { FEATURE_FLAG_NAMES } from '../feature-flags';
import { BATCH_MAX, EVALUATION_COMMENT_MAX, EVALUATION_KINDS, RATING_REASON_AT, RATINGS } from '../feature-services';
import { normalizeDay } from '../staff/index';
import { bigIdField, idField } from './ids';

/** Requests of the feature flags, 互助档案, 好差评 and the batch calls (docs-flags.md). */

export const featureFlagSetRequest = z.object({
  name: z.enum(FEATURE_FLAG_NAMES, { error: `开关名称只能是 ${FEATURE_FLAG_NAMES.join('、')}` }),
  on: z.boolean({ error: '请说明打开还是关闭（on 为 true 或 false）' }),
});

const kind = z.enum(EVALUATION_KINDS, { error: '请选择评价的业务类型' });

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label}须为文字` })
    .trim()
    .max(max, `${label}不能超过${max}字`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const evaluationSubmitRequest = z
  .object({
    kind,
    id: idField('请选择要评价的业务'),
    rating: z.coerce
      .number({ error: '请选择评价等级' })
      .int('请选择评价等级')
      .refine((v) => (RATINGS as readonly number[]).includes(v), '请选择评价等级'),
    comment: optionalText(EVALUATION_COMMENT_MAX, '评价内容'),
    reason: optionalText(EVALUATION_COMMENT_MAX, '不满意原因'),
  })
  .superRefine((v, ctx) => {
    if (v.rating <= RATING_REASON_AT && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '评价为不满意时，请填写不满意原因' });
  });

export const evaluationQueryRequest = z.object({
  kind,
  ids: z.array(idField('业务编号有误'), { error: '请提供业务编号' }).max(100, '一次最多查询100条'),
});

export const opsEvaluationListRequest = z.object({
  kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), kind.optional()),
});

const batchIds = (what: string, id: typeof idField) =>
  z
    .array(id(`${what}编号有误`), { error: `请选择${what}` })
    .min(1, `请选择${what}`)
    .max(BATCH_MAX, `一次最多操作${BATCH_MAX}条`)
    .transform((ids) => [...new Set(ids)]);

export const mailBatchRequest = z.object({
  action: z.enum(['read', 'delete'], { error: '请选择批量操作' }),
  ids: batchIds('消息', bigIdField),
});

export const staffBatchLeaveRequest = z.object({
  ids: batchIds('人员', idField),
  leftOn: z
    .string({ error: '请选择减员日期' })
    .trim()
    .transform((v, ctx) => {
      const d = normalizeDay(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: '请选择减员日期' });
        return z.NEVER;
      }
      return d;
    }),
  leaveReason: z.string({ error: '请填写减员原因' }).trim().min(1, '请填写减员原因').max(100, '减员原因不能超过100字'),
});
