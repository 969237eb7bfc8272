import { z } from 'zod';
import { opsTreatmentListFields, opsTreatmentPayFields } from '../schemas/treatment';
import { defineContracts, post } from './define';

const fen = z.number().int();
const count = z.number().int();

export const settlementLoadResult = z.strictObject({
  loadId: count,
  fileName: z.string(),
  rows: count.describe('数据行数（不含表头）'),
  added: count.describe('新增的结算'),
  replaced: count.describe('更正或冲销而替换的结算（含同一文件中被后面的行替换的）'),
  unchanged: count.describe('已导入且未变的结算'),
  skipped: count.describe('本大厅没有的人员（不导入）'),
  rejected: count.describe('有误的行（不导入）'),
  outsidePeriods: count.describe('出院日期不在任何互助期内的结算（已导入，不计算待遇）'),
  errors: z.array(z.strictObject({ rowNo: count, message: z.string() })).describe('有误的行（最多200条；rejected 为总数）'),
  treatments: z.strictObject({
    persons: count.describe('重新计算待遇的人次（人 × 互助期）'),
    written: count.describe('新增或改变的待遇记录'),
    payable: count.describe('新产生或提高而待发放的待遇'),
    setOff: count.describe('已发放后被更正调低、待冲减的待遇'),
  }),
});

const listRow = z.strictObject({
  id: z.string(),
  settlementNo: z.string(),
  name: z.string(),
  certNo: z.string().describe('脱敏身份证号码'),
  year: count,
  productCode: z.string(),
  hospitalName: z.string(),
  dischargedOn: z.string(),
  amountFen: fen,
  paidFen: fen,
  dueFen: fen,
  state: z.enum(['none', 'pending', 'paid']),
  stateLabel: z.string(),
  reason: z.string().nullable(),
  hold: z.string().nullable().describe('待发放却不能发放的原因（未登记银行卡）'),
  batchNo: z.string().nullable(),
});

export const treatmentPayResult = z.strictObject({
  batchId: count,
  batchNo: z.string(),
  paidOn: z.string(),
  count: count.describe('本批结清的待遇记录数'),
  persons: count,
  totalFen: fen.describe('本批转账合计（已扣冲减）'),
  setOffFen: fen.describe('本批冲减合计（负数）'),
  held: z
    .array(z.strictObject({ name: z.string(), certNo: z.string(), dueFen: fen, reason: z.string() }))
    .describe('留待以后发放的人员（最多200人）'),
  heldCount: count,
});

/** The operator's settlements and treatments (issue 9): operator sessions only. */
export const opsTreatmentCalls = defineContracts(['操作员'], {
  /** Multipart (field `file`), not sealed, like the registry load. */
  opsSettlementLoad: {
    ...post.operator,
    path: '/ops/api/settlements/load',
    sealed: false,
    writes: true,
    response: settlementLoadResult,
    summary:
      '导入医保结算文件（multipart 字段 file；.xlsx 或 .csv，最大 200MB；按结算单号幂等，更正或冲销替换原结算）并重新计算受影响人员的互助待遇',
    consumes: ['multipart/form-data'],
  },
  opsTreatmentList: {
    ...post.operator,
    path: '/ops/api/treatments/list',
    writes: false,
    request: opsTreatmentListFields,
    response: z.strictObject({
      list: z.array(listRow),
      total: z.strictObject({ count, amountFen: fen, paidFen: fen, dueFen: fen }),
    }),
    summary: '互助待遇列表（状态、年度、身份证号码；新的在前，最多1000条；合计为全部符合条件的记录）',
  },
  opsTreatmentPay: {
    ...post.operator,
    path: '/ops/api/treatments/pay',
    writes: true,
    request: opsTreatmentPayFields,
    response: treatmentPayResult,
    summary: '发放批次：全部待发放的互助待遇（或某年度的）发放到本人银行卡；同一人的冲减与应发轧差，轧差为负或未登记银行卡的留待以后',
  },
});

/** The same contracts under the name the server's modules read. */
export const opsTreatmentContracts = opsTreatmentCalls;
