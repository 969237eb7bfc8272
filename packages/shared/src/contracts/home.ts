import { z } from 'zod';
import { homeYearsRequest } from '../schemas/home';
import { defineContracts, post } from './define';

const fen = (what: string) => z.number().int().describe(`${what}（分）`);

const treatmentYear = z.strictObject({
  year: z.number().int().describe('互助期年度'),
  count: z.number().int().describe('有待遇金额的互助待遇笔数'),
  amountFen: fen('核定待遇金额'),
  paidFen: fen('已发放金额'),
});

const claimTypeFigure = z.strictObject({
  type: z.string(),
  count: z.number().int().describe('已发放补助频次'),
  amountFen: fen('已发放补助金额'),
});

const claimYear = z.strictObject({
  year: z.number().int().describe('互助期年度'),
  count: z.number().int(),
  amountFen: fen('已发放补助金额合计'),
  byType: z.array(claimTypeFigure).describe('每种补助类型一项（按补助类型顺序，无数据为 0）'),
});

/** Who the figures cover: the caller's unit, plus its subordinate units for a level-1 union. */
const scope = z.strictObject({
  units: z.number().int().describe('统计范围内的单位数（本单位及下属单位）；个人用户为 0'),
});

const todo = z.strictObject({
  count: z.number().int().describe('待办事项数'),
  urgent: z.number().int().describe('其中需优先处理的'),
});

const unitFigures = z.strictObject({
  loginType: z.literal('unit'),
  today: z.string(),
  year: z.number().int().describe('本期（今天所在互助期）年度；无生效互助期时为今年'),
  periodName: z.string().nullable(),
  scope,
  enrolled: z.strictObject({
    persons: z.number().int().describe('本期参保人数（有本期保障的人，去重；与参保情况、互助档案同一口径）'),
    waiting: z.number().int().describe('其中尚在等待期的'),
  }),
  outstanding: z.strictObject({
    count: z.number().int().describe('待缴费的互助申请数（本单位）'),
    amountFen: fen('应缴未缴金额'),
    overdue: z.number().int().describe('其中已过缴费截止日期的'),
  }),
  todo,
  benefits: z.strictObject({
    treatmentPaidFen: fen('本年度互助待遇已发放'),
    claimPaidFen: fen('本年度补助已发放'),
    paidFen: fen('本年度已发放待遇合计'),
  }),
});

const cover = z.strictObject({
  productCode: z.string(),
  productName: z.string(),
  shares: z.number().int(),
  coveredFrom: z.string().describe('保障起始日期'),
  waiting: z.boolean().describe('今天仍在等待期内'),
  unitName: z.string().describe('参保单位'),
});

const personPeriod = z.strictObject({
  year: z.number().int(),
  periodName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  products: z.array(cover),
});

const personFigures = z.strictObject({
  loginType: z.literal('personal'),
  today: z.string(),
  year: z.number().int(),
  periodName: z.string().nullable(),
  current: personPeriod.nullable().describe('本期保障；本期未参保为 null'),
  next: personPeriod.nullable().describe('下一期已生效的参保（已缴费）；没有为 null'),
  benefits: z.strictObject({
    treatmentCount: z.number().int().describe('本年度有待遇金额的互助待遇笔数'),
    treatmentFen: fen('本年度互助待遇核定金额'),
    treatmentPaidFen: fen('本年度互助待遇已发放'),
    claimCount: z.number().int().describe('本年度已发放的补助笔数'),
    claimPaidFen: fen('本年度补助已发放'),
  }),
  todo,
});

/** The years a statistics answer covers and whose records it counts. */
const yearSpan = { fromYear: z.number().int(), toYear: z.number().int(), scope };

/**
 * /Home 首页 statistics, both login types (each sees its own scope), needInsured like the page
 * (routes.ts: /Home needInsured; an uninsured caller sees the reason instead of the page).
 */
export const homeCalls = defineContracts(['首页'], {
  treatDataYear: {
    ...post.insuredAny,
    path: '/gob/web/homePage/treatDataYear',
    writes: false,
    request: homeYearsRequest,
    response: z.strictObject({
      ...yearSpan,
      list: z.array(treatmentYear).describe('每个年度一项，从早到晚；无数据的年度为 0'),
    }),
    summary: '首页互助待遇统计：近5个互助期年度的待遇笔数、核定金额、已发放金额（单位含下属单位；个人为本人）',
  },
  subsidyFrequencyAmount: {
    ...post.insuredAny,
    path: '/gob/web/homePage/subsidyFrequencyAmount',
    writes: false,
    request: homeYearsRequest,
    response: z.strictObject({
      ...yearSpan,
      types: z.array(z.strictObject({ type: z.string(), label: z.string() })).describe('补助类型及名称（按顺序）'),
      list: z.array(claimYear).describe('每个年度一项，从早到晚；无数据的年度为 0'),
    }),
    summary: '首页补助发放统计：近5个互助期年度每种补助类型已发放的频次与金额及年度合计',
  },
  homeFigures: {
    ...post.insuredAny,
    path: '/gob/web/homePage/keyFigures',
    writes: false,
    response: z.discriminatedUnion('loginType', [unitFigures, personFigures]),
    summary: '首页统计卡片：单位为本期参保人数、应缴未缴金额（含逾期）、待办事项、本年已发放待遇；个人为我的保障、本年待遇、待办事项',
  },
});

/** The same contracts under the name the server's modules read. */
export const homeContracts = homeCalls;
