import { z } from 'zod';
import {
  treatmentFilter,
  treatmentIdRequest,
  treatmentPageRequest,
  treatmentPersonalFilter,
  treatmentPersonalPageRequest,
} from '../schemas/treatment';
import { download, pageOf } from './answers';
import { defineContracts, post } from './define';

const fen = z.number().int();

/** One treatment as the lists show it (amounts in fen; the ID number masked). */
export const treatmentRow = z.strictObject({
  id: z.string(),
  /** The page key of the row ('YYYY-MM-DD_id'): afterKey / beforeKey of the neighbouring page. */
  key: z.string(),
  name: z.string(),
  certNo: z.string().describe('脱敏身份证号码，如 4301**********0022'),
  year: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  hospitalName: z.string(),
  kind: z.enum(['inpatient', 'special_outpatient']),
  kindLabel: z.string(),
  admittedOn: z.string(),
  dischargedOn: z.string(),
  selfPolicyFen: fen.describe('政策范围内个人自付'),
  baseFen: fen.describe('本次计入的自付金额（扣除尚余起付线后）'),
  amountFen: fen.describe('互助待遇金额'),
  paidFen: fen.describe('已发放'),
  dueFen: fen.describe('待发放（负数：已发放部分待冲减）'),
  state: z.enum(['none', 'pending', 'paid']),
  stateLabel: z.string(),
  reason: z.string().nullable().describe('待遇为零或低于分段计算结果的原因'),
  paidOn: z.string().nullable(),
  payoutFailure: z.string().nullable().describe('银行发放失败的原因（已退回待发放，下一发放批次重新发放）'),
});

export const treatmentTotals = z.strictObject({
  count: z.number().int(),
  amountFen: fen,
  paidFen: fen,
  pendingFen: fen.describe('待发放合计（待发放记录的应发减已发）'),
});

const treatmentPage = pageOf(treatmentRow).extend({
  totals: treatmentTotals.nullable().describe('筛选结果的合计；请求 withTotals 为 false 时为 null（只答记录数 totlCnt）'),
});

/** One band of the rule as it applied to this settlement. */
const bandPart = z.strictObject({
  fromFen: fen,
  uptoFen: fen.nullable(),
  ratioPct: z.number(),
  partFen: fen.describe('本次计入此段的金额'),
  amountFen: fen.describe('此段金额 × 比例 × 份数'),
});

export const treatmentDetail = z.strictObject({
  ...treatmentRow.shape,
  unitName: z.string(),
  settlement: z.strictObject({
    settlementNo: z.string(),
    hospitalLevel: z.string(),
    hospitalLevelLabel: z.string(),
    settledOn: z.string(),
    totalFen: fen.describe('医疗总费用'),
    policyFen: fen.describe('政策范围内费用'),
    fundFen: fen.describe('统筹基金支付'),
    selfPolicyFen: fen.describe('政策范围内个人自付'),
    selfExcludedFen: fen.describe('政策范围外自费'),
    diagnosisCode: z.string(),
    diagnosisName: z.string(),
    reversed: z.boolean(),
    version: z.number().int(),
  }),
  computation: z.strictObject({
    shares: z.number().int().describe('参加份数（0：未参加本险种）'),
    coveredFrom: z.string().nullable(),
    deductibleFen: fen.describe('年度起付线'),
    capFen: fen.nullable().describe('年度封顶 × 份数'),
    cumulativeBeforeFen: fen.describe('本年度此前已计入的自付累计'),
    bands: z.array(bandPart),
    bandedFen: fen.describe('分段计算结果'),
  }),
  batchNo: z.string().nullable(),
});

/**
 * 互助待遇查询 (issue 9): a unit's staff's treatments (units with an active medical-insurance
 * registration, like the page) and a person's own (the personal page has no needInsured: a person
 * whose insurance stopped still sees what was paid). The exports answer the file (plain or sealed body).
 */
export const treatmentCalls = defineContracts(['互助待遇'], {
  treatmentPage: {
    ...post.insuredUnit,
    path: '/gob/web/mutualAidTreatment/getPageList',
    writes: false,
    request: treatmentPageRequest,
    response: treatmentPage,
    summary:
      '本单位职工的互助待遇分页（姓名前缀、身份证号码、出院日期、医院、险种、状态、年度；出院日期新的在前；afterKey/beforeKey 按键集翻页），附筛选结果合计',
  },
  treatmentDetail: {
    ...post.insuredUnit,
    path: '/gob/web/mutualAidTreatment/queryDataById',
    writes: false,
    request: treatmentIdRequest,
    response: treatmentDetail,
    summary: '本单位职工的一条互助待遇：医保结算数据与待遇计算过程（其他单位的编号视为不存在）',
  },
  treatmentExport: {
    ...download.insuredUnit,
    path: '/gob/web/mutualAidTreatment/exportList',
    request: treatmentFilter,
    summary: '导出筛选后的互助待遇（Excel，身份证号码脱敏）',
  },
  treatmentPersonalPage: {
    ...post.personal,
    path: '/gob/web/mutualAidTreatment/personal/getPageList',
    writes: false,
    request: treatmentPersonalPageRequest,
    response: treatmentPage,
    summary: '本人的互助待遇分页（出院日期、医院、险种、状态、年度），附合计',
  },
  treatmentPersonalDetail: {
    ...post.personal,
    path: '/gob/web/mutualAidTreatment/personal/queryDataById',
    writes: false,
    request: treatmentIdRequest,
    response: treatmentDetail,
    summary: '本人的一条互助待遇：医保结算数据与待遇计算过程（他人的编号视为不存在）',
  },
  treatmentPersonalExport: {
    ...download.personal,
    path: '/gob/web/mutualAidTreatment/personal/exportList',
    request: treatmentPersonalFilter,
    summary: '导出本人的互助待遇（Excel）',
  },
});

/** The same contracts under the name the server's modules read. */
export const treatmentContracts = treatmentCalls;
