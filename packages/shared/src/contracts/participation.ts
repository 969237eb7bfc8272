import { z } from 'zod';
import { PARTICIPATION_STATES } from '../enrolment/payable';
import { joinMedExportRequest, joinMedListRequest, joinMedTotalRequest } from '../schemas/participation';
import { download, pageOf } from './answers';
import { defineContracts, post } from './define';

const figures = {
  enrolled: z.number().int().describe('已申报人数：已提交、待缴费、已缴费申请的有效明细中的人（不含待提交、已退回、已撤销）'),
  insured: z.number().int().describe('本期参保人数：有本期保障的人（保障中与等待期之和；含经保障转移移出的），与首页、互助档案同一口径'),
  covered: z.number().int().describe('保障中：本期参保人数中保障已开始的'),
  waiting: z.number().int().describe('等待期：本期参保人数中保障尚未开始的'),
  dueFen: z.number().int().describe('待缴金额（分）'),
  paidFen: z.number().int().describe('已缴金额（分）'),
};

const total = z.strictObject({
  year: z.number().int(),
  periodName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  today: z.string(),
  /** Every period, newest first, for the selector. */
  periods: z.array(z.strictObject({ year: z.number().int(), name: z.string() })),
  products: z.array(z.strictObject({ code: z.string(), name: z.string(), ...figures })),
  totals: z.strictObject({ staff: z.number().int().describe('本单位在职（未减员）人数'), ...figures }),
  /** A level-1 union: one row per subordinate unit; empty for others. */
  subordinates: z.array(z.strictObject({ uact: z.string(), empName: z.string(), staff: z.number().int(), ...figures })),
});

const personRow = z.strictObject({
  staffId: z.number().int(),
  name: z.string(),
  certNo: z.string(),
  gender: z.string(),
  psnType: z.string(),
  left: z.boolean().describe('已减员'),
  productCode: z.string(),
  productName: z.string(),
  shares: z.number().int().nullable(),
  state: z.enum(PARTICIPATION_STATES),
  stateLabel: z.string(),
  coveredFrom: z.string().nullable(),
});

/** /participation 职工参加医疗互助情况: the unit's own staff (a level-1 union also its subordinates' totals). */
export const participationCalls = defineContracts(['参保情况'], {
  joinMedSituationTotal: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/queryJoinMedSituationTotal',
    writes: false,
    request: joinMedTotalRequest,
    response: total,
    summary: '职工参加医疗互助情况：互助期内按险种统计已申报、已参保、等待期人数与待缴、已缴金额（一级工会另列下属单位）',
  },
  joinMedSituationList: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/queryJoinMedSituationList',
    writes: false,
    request: joinMedListRequest,
    response: pageOf(personRow).extend({ year: z.number().int() }),
    summary: '参保人员明细：本单位职工 × 险种的参保状态与保障起始日期（按姓名、证件号码、险种、状态筛选，分页）',
  },
  joinMedSituationExport: {
    ...download.insuredUnit,
    path: '/gob/web/StaffInfo/exportJoinMedSituation',
    request: joinMedExportRequest,
    summary: '导出参保人员明细（Excel；拒绝时返回 code 1 报文）',
  },
});

/** The same contracts under the name the server's modules read. */
export const participationContracts = participationCalls;
