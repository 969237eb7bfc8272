import { z } from 'zod';
import {
  evaluationQueryRequest,
  evaluationSubmitRequest,
  featureFlagSetRequest,
  mailBatchRequest,
  opsEvaluationListRequest,
  staffBatchLeaveRequest,
} from '../schemas/features';
import { download } from './answers';
import { defineContracts, get, ops, post } from './define';

const fen = z.number().int();
const count = z.number().int();
const flagName = z.enum(['batch', 'archives', 'evaluation']);

export const featureFlagsAnswer = z.strictObject({ batch: z.boolean(), archives: z.boolean(), evaluation: z.boolean() });

const flagRow = z.strictObject({
  name: flagName,
  label: z.string(),
  on: z.boolean(),
  defaultOn: z.boolean(),
  updatedAt: z.string().nullable().describe('操作员最后一次设置的时间（从未设置：null，取默认值）'),
  updatedBy: z.string().nullable(),
});

const personalYear = z.strictObject({
  year: count,
  coverages: z.array(
    z.strictObject({ productCode: z.string(), productName: z.string(), shares: count, unitName: z.string(), coveredFrom: z.string() }),
  ),
  contributionFen: fen.describe('单位为本人缴纳的互助金（已缴费的申请中本人的金额）'),
  treatmentCount: count,
  treatmentAmountFen: fen,
  treatmentPaidFen: fen,
  claimCount: count.describe('已发放的补助笔数'),
  claimPaidFen: fen,
  benefitPaidFen: fen.describe('本年度已发放的待遇与补助合计'),
});

export const archivePersonalAnswer = z.strictObject({
  name: z.string(),
  certNo: z.string().describe('脱敏身份证号码'),
  years: z.array(personalYear).describe('互助年度，新的在前'),
  payments: z.array(
    z.strictObject({
      year: count,
      applicationNo: z.string(),
      unitName: z.string(),
      productName: z.string(),
      shares: count,
      amountFen: fen,
      paidOn: z.string().nullable(),
    }),
  ),
  treatments: z.array(
    z.strictObject({
      year: count,
      dischargedOn: z.string(),
      hospitalName: z.string(),
      productName: z.string(),
      amountFen: fen,
      paidFen: fen,
      stateLabel: z.string(),
    }),
  ),
  claims: z.array(
    z.strictObject({ year: count, claimNo: z.string(), typeLabel: z.string(), amountFen: fen, paidOn: z.string().nullable() }),
  ),
  totals: z.strictObject({ contributionFen: fen, treatmentPaidFen: fen, claimPaidFen: fen, benefitPaidFen: fen }),
});

const unitFigures = {
  headcount: count.describe('参加人数：该年度的本期参保人数（与首页、参保情况同一口径）'),
  payableFen: fen.describe('应缴（待缴费与已缴费的申请）'),
  paidFen: fen.describe('已缴'),
  outstandingFen: fen.describe('未缴'),
  treatmentPaidFen: fen.describe('已发放给本单位职工的互助待遇'),
  claimPaidFen: fen.describe('已发放给本单位职工的补助'),
  benefitPaidFen: fen,
  benefitPersons: count.describe('获得待遇或补助的人数'),
};

export const archiveUnitAnswer = z.strictObject({
  unitName: z.string(),
  uact: z.string(),
  years: z.array(z.strictObject({ year: count, ...unitFigures })).describe('互助年度，新的在前'),
  totals: z.strictObject({ ...unitFigures, headcount: count.describe('各年度人数之和（人次）') }),
});

export const evaluationRow = z.strictObject({
  kind: z.enum(['application', 'claim']),
  id: z.string().describe('被评价业务的编号（申请或补助的 id）'),
  rating: z.number().int(),
  ratingLabel: z.string(),
  comment: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

/** The archive calls take no fields: an empty object (the portal sends `{}`). */
const noFields = z.object({});

const average = z.number().nullable().describe('平均分（5 非常满意 … 1 非常不满意；无评价为 null）');

/**
 * Feature flags (spec §9) and the features they gate (issue 10 item 7, docs-flags.md): the
 * portal reads the flags; 互助档案 (person, unit), 好差评, the batch calls; the operator's flags
 * and ratings. Each gated call is refused by the server while its flag is off.
 */
export const featureCalls = defineContracts(['功能开关'], {
  featureFlags: {
    ...get.any,
    path: '/gob/web/featureFlag/getFlags',
    writes: false,
    response: featureFlagsAnswer,
    summary: '功能开关（批量操作、互助档案、好差评）：门户据此显示或隐藏功能',
  },
  archivePersonal: {
    ...post.personal,
    path: '/gob/web/mutualAidArchive/personal/query',
    writes: false,
    request: noFields,
    response: archivePersonalAnswer,
    summary: '本人的互助档案：各年度参加的险种与份数、单位为本人的缴费、互助待遇与补助',
  },
  archivePersonalExport: {
    ...download.personal,
    path: '/gob/web/mutualAidArchive/personal/export',
    request: noFields,
    summary: '导出本人的互助档案（Excel）',
  },
  archiveUnit: {
    ...post.unit,
    path: '/gob/web/mutualAidArchive/unit/query',
    writes: false,
    request: noFields,
    response: archiveUnitAnswer,
    summary: '本单位的互助档案：各年度参加人数、应缴与已缴、职工获得的待遇与补助',
  },
  archiveUnitExport: {
    ...download.unit,
    path: '/gob/web/mutualAidArchive/unit/export',
    request: noFields,
    summary: '导出本单位的互助档案（Excel）',
  },
  evaluationSubmit: {
    ...post.any,
    path: '/gob/web/serviceEvaluation/submit',
    writes: true,
    request: evaluationSubmitRequest,
    response: evaluationRow,
    summary: '好差评：评价一项已办结的业务（已缴费的互助申请由申请单位、已发放的补助由本人评价；每项一次，不可修改）',
  },
  evaluationQuery: {
    ...post.any,
    path: '/gob/web/serviceEvaluation/query',
    writes: false,
    request: evaluationQueryRequest,
    response: z.strictObject({ list: z.array(evaluationRow) }),
    summary: '本人（本单位）对所列业务的评价',
  },
  mailBatch: {
    ...post.any,
    path: '/gob/web/mailMsgDService/batch',
    writes: true,
    request: mailBatchRequest,
    response: z.strictObject({ action: z.enum(['read', 'delete']), count }),
    summary: '批量标为已读或删除本人的消息（全部成功或全部不变）',
  },
  staffBatchLeave: {
    ...post.insuredUnit,
    path: '/gob/web/staffInfo/batchLeave',
    writes: true,
    request: staffBatchLeaveRequest,
    response: z.strictObject({ count, names: z.array(z.string()) }),
    summary: '批量减员（同一减员日期与原因；全部成功或全部不变，失败时列出不能减员的人员）',
  },
  opsFeatureFlagList: {
    ...ops('admin'),
    path: '/ops/api/featureFlags/list',
    writes: false,
    response: z.strictObject({ list: z.array(flagRow) }),
    summary: '功能开关及其默认值',
  },
  opsFeatureFlagSet: {
    ...ops('admin'),
    path: '/ops/api/featureFlags/set',
    writes: true,
    request: featureFlagSetRequest,
    response: flagRow,
    summary: '打开或关闭一个功能开关（审计）',
  },
  opsEvaluationList: {
    ...ops('admin', 'reviewer'),
    path: '/ops/api/evaluations/list',
    writes: false,
    request: opsEvaluationListRequest,
    response: z.strictObject({
      list: z.array(
        z.strictObject({
          ...evaluationRow.shape,
          kindLabel: z.string(),
          serviceNo: z.string(),
          raterName: z.string(),
        }),
      ),
      summary: z.strictObject({
        count,
        average,
        byKind: z.array(z.strictObject({ kind: z.enum(['application', 'claim']), label: z.string(), count, average })),
        byRating: z.array(z.strictObject({ rating: count, label: z.string(), count })),
      }),
    }),
    summary: '好差评列表（新的在前，最多1000条）与平均分',
  },
});

/** The same contracts under the name the server's modules read. */
export const featureContracts = featureCalls;
