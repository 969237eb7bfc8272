import { z } from 'zod';
import { opsTreatmentListFields, opsTreatmentPayFields } from '../schemas/treatment';
import { bureauBatchRequest } from '../bureau-files';
import { fileBytes, nothing } from './answers';
import { defineContracts, ops, upload } from './define';

const fen = z.number().int();
const count = z.number().int();

const payoutBatchNo = z
  .string({ error: '请输入发放批次号' })
  .trim()
  .regex(/^(BZ)?FF\d{13}$/, '发放批次号不正确');

export const payoutResult = z.strictObject({
  batchNo: z.string(),
  rows: count.describe('回执的数据行数'),
  paid: count.describe('本次登记为成功的笔数'),
  failed: count.describe('本次登记为失败并退回待发放的笔数'),
  unchanged: count.describe('此前已登记相同结果的笔数（不变）'),
  waiting: count.describe('仍待银行回执的笔数'),
  state: z.enum(['sent', 'closed']),
});

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

/**
 * A staged bureau file's preview (lib/staged-import.ts): its counts, the first 100 invalid rows
 * with their reasons (the error report has them all), and what confirming would write.
 */
export const stagedPreview = <Row extends z.ZodType, Would extends z.ZodRawShape>(invalidRow: Row, would: Would) =>
  z.strictObject({
    batchId: z.string(),
    fileName: z.string(),
    total: count.describe('数据行数（不含表头）'),
    valid: count,
    invalid: count.describe('有误的行（不导入）'),
    expiresAt: z.string().describe('预览有效期至'),
    invalidRows: z.array(invalidRow).describe('有误的行（前100条；错误报告含全部）'),
    ...would,
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
/** One load of a bureau's file (the registry or the settlements): its counts and who loaded it. */
export const loadRecord = z.strictObject({
  id: count,
  fileName: z.string(),
  operator: z.string(),
  rows: count,
  added: count,
  changed: count.describe('登记：变更的；结算：更正或冲销替换的'),
  rejected: count.describe('有误的行（登记文件不计，为 0）'),
  loadedAt: z.string(),
});

export const opsTreatmentCalls = defineContracts(['操作员'], {
  opsSettlementLoadList: {
    ...ops('data'),
    path: '/ops/api/settlements/loads',
    writes: false,
    response: z.strictObject({ list: z.array(loadRecord) }),
    summary: '结算文件的导入记录（最新在前，最多 200 条）',
  },
  opsPayoutBatchList: {
    ...ops('finance'),
    path: '/ops/api/payouts/list',
    writes: false,
    request: z.object({ kind: z.enum(['treatment', 'claim'], { error: '发放类别只能是 treatment 或 claim' }).optional() }),
    response: z.strictObject({
      list: z.array(
        z.strictObject({
          id: count,
          batchNo: z.string(),
          kind: z.enum(['treatment', 'claim']),
          count,
          totalFen: fen,
          operator: z.string(),
          paidOn: z.string(),
          state: z.enum(['sent', 'closed']).describe('sent 待银行回执；closed 已完成（每笔都有银行结果）'),
          lines: count.describe('代发文件的笔数（每人每卡一笔）'),
          paidLines: count.describe('银行回执成功的笔数'),
          failedLines: count.describe('银行回执失败的笔数（已退回待发放）'),
          closedAt: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
    summary: '发放批次（最新在前，最多 200 个），含银行回执的进度',
  },
  opsPayoutBankFile: {
    ...ops('finance'),
    path: '/ops/api/payouts/bank-file',
    sealed: 'either',
    writes: false,
    unmasked: true,
    request: z.object({
      batchNo: payoutBatchNo,
      format: z.enum(['xlsx', 'csv'], { error: '文件格式只能是 xlsx 或 csv' }).default('xlsx'),
    }),
    response: fileBytes,
    summary: '导出发放批次的代发文件（序号、姓名、开户银行、银行卡号、金额、附言“批次号-序号”，末行为笔数与合计），Excel 或 CSV',
  },
  /** Multipart: the form field `batchNo`, then the file (field `file`). */
  opsPayoutResultLoad: {
    ...ops('finance'),
    ...upload,
    path: '/ops/api/payouts/result',
    response: payoutResult,
    summary:
      '导入银行代发回执（序号或附言、银行卡号、金额、处理结果 成功/失败、失败原因）：失败的退回待发放并附银行原因；同一回执重复导入不变；每笔都有结果后批次完成',
  },
  opsPayoutFailedLines: {
    ...ops('finance'),
    path: '/ops/api/payouts/failed',
    writes: false,
    request: z.object({ batchNo: payoutBatchNo }),
    response: z.strictObject({
      list: z.array(
        z.strictObject({
          lineNo: count,
          name: z.string(),
          bankName: z.string(),
          bankCard: z.string().describe('脱敏'),
          amountFen: fen,
          reason: z.string(),
          repaidIn: z.string().nullable().describe('已在后续批次重新发放时，其批次号'),
        }),
      ),
      total: count,
    }),
    summary: '发放批次中银行回执失败的笔（最多 200 笔）：银行原因，及是否已在后续批次重新发放',
  },
  opsPayoutBatchExport: {
    ...ops('finance'),
    path: '/ops/api/payouts/export',
    sealed: 'either',
    writes: false,
    request: z.object({
      batchNo: payoutBatchNo,
    }),
    response: fileBytes,
    summary: '导出一个发放批次的明细（Excel：姓名、身份证号码和银行卡号脱敏、开户银行、金额、结算单号或补助申请编号）',
  },
  /** Multipart (field `file`, after the form field `uploadId`), not sealed, like the registry's. */
  opsSettlementStage: {
    ...ops('data'),
    ...upload,
    path: '/ops/api/settlements/stage',
    response: stagedPreview(z.strictObject({ rowNo: count, settlementNo: z.string(), name: z.string(), reason: z.string() }), {
      added: count.describe('确认后将新增的结算'),
      replaced: count.describe('确认后将更正或冲销而替换的结算'),
      unchanged: count.describe('已导入且相同的结算（不变）'),
      skipped: count.describe('本大厅没有的人员的行（不导入）'),
      reversed: count.describe('其中带冲销标志的行'),
      outsidePeriods: count.describe('出院日期不在任何互助期内的行（导入，不计算待遇）'),
    }),
    summary:
      '上传医保结算文件（multipart 字段 file；.xlsx 或 .csv，最大 200MB）：逐行检查后返回预览（有误的行及原因、将新增、替换和冲销的结算），确认前不写入',
  },
  opsSettlementConfirm: {
    ...ops('data'),
    path: '/ops/api/settlements/confirm',
    writes: true,
    request: bureauBatchRequest,
    response: settlementLoadResult.omit({ errors: true }),
    summary:
      '确认导入预览中的医保结算文件（一个事务：按结算单号幂等写入，更正或冲销替换原结算，重新计算受影响人员的互助待遇，留下导入记录）',
  },
  opsSettlementDiscard: {
    ...ops('data'),
    path: '/ops/api/settlements/discard',
    writes: true,
    request: bureauBatchRequest,
    response: nothing,
    summary: '放弃导入预览中的医保结算文件',
  },
  opsSettlementReport: {
    ...ops('data'),
    sealed: 'either',
    path: '/ops/api/settlements/report',
    writes: false,
    request: bureauBatchRequest,
    response: fileBytes,
    summary: '下载医保结算文件的错误报告（Excel：有误的行及错误原因）',
  },
  opsTreatmentList: {
    ...ops('data', 'finance'),
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
    ...ops('finance'),
    path: '/ops/api/treatments/pay',
    writes: true,
    request: opsTreatmentPayFields,
    response: treatmentPayResult,
    summary: '发放批次：全部待发放的互助待遇（或某年度的）发放到本人银行卡；同一人的冲减与应发轧差，轧差为负或未登记银行卡的留待以后',
  },
});

/** The same contracts under the name the server's modules read. */
export const opsTreatmentContracts = opsTreatmentCalls;
