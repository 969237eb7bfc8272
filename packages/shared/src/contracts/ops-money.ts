import { z } from 'zod';
import { CREDIT_REASON_LABELS, CREDIT_STATE_LABELS, STATEMENT_FIELD_KEYS } from '../money/reconciliation';
import { requiredText } from '../schemas/common';
import { bigIdField, idField } from '../schemas/ids';
import { keysOf } from '../labels';
import { bureauBatchRequest } from '../bureau-files';
import { fileBytes } from './answers';
import { defineContracts, ops, upload } from './define';
import { stagedPreview } from './ops-treatment';

/*
 * The money side of the back office (issue 20), finance's work: bank statements loaded and
 * reconciled against the payment notices, the exceptions resolved by hand, each bank's columns.
 */

const creditState = z.enum(keysOf(CREDIT_STATE_LABELS));
const creditReason = z.enum(keysOf(CREDIT_REASON_LABELS));
const bank = requiredText('银行', 20).describe('银行简称，如 ICBC、工商银行；同一银行的交易流水号不重复');

const credit = z.strictObject({
  id: z.number().int(),
  statementId: z.number().int(),
  bank: z.string(),
  txnId: z.string(),
  bookedOn: z.string(),
  amountFen: z.number().int(),
  payerName: z.string(),
  payerAccount: z.string(),
  memo: z.string(),
  state: creditState,
  reason: creditReason.nullable(),
  application: z
    .strictObject({
      id: z.number().int(),
      applicationNo: z.string(),
      paymentRef: z.string(),
      uact: z.string(),
      empName: z.string(),
      dueFen: z.number().int(),
    })
    .nullable()
    .describe('核对到的或可能的缴费通知单'),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  note: z.string().nullable(),
});

const statement = z.strictObject({
  id: z.number().int(),
  bank: z.string(),
  fileName: z.string(),
  loadedBy: z.string(),
  loadedAt: z.string(),
  credits: z.number().int(),
  matched: z.number().int(),
  exceptions: z.number().int(),
  repeated: z.number().int(),
});

const columns = z.strictObject(
  Object.fromEntries(STATEMENT_FIELD_KEYS.map((k) => [k, z.string().trim().max(30).optional()])) as Record<
    (typeof STATEMENT_FIELD_KEYS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

const loadAnswer = z.strictObject({
  statementId: z.number().int(),
  credits: z.number().int().describe('新到账笔数'),
  matched: z.number().int().describe('自动核对并确认缴费的笔数'),
  exceptions: z.number().int().describe('待处理笔数'),
  repeated: z.number().int().describe('此前已导入而跳过的笔数'),
  reasons: z.record(z.string(), z.number().int()),
});

export const opsMoneyCalls = defineContracts(['操作员'], {
  /** Multipart: the form fields `bank` and `uploadId` before the field `file`. */
  opsStatementStage: {
    ...ops('finance'),
    ...upload,
    path: '/ops/api/statements/stage',
    response: stagedPreview(
      z.strictObject({
        rowNo: z.number().int(),
        txnId: z.string(),
        bookedOn: z.string(),
        amount: z.string(),
        payerName: z.string(),
        reason: z.string(),
      }),
      {
        bank: z.string(),
        outcome: loadAnswer.omit({ statementId: true }).describe('确认后将会如何：新到账、自动核对、待处理及原因、已导入过'),
      },
    ),
    summary:
      '上传银行对账单（表单字段 bank、uploadId 在文件之前；.xlsx 或 .csv，最大 10MB）：逐行检查并预演核对后返回预览，确认前不写入；表头可在前20行内，借方行不计',
  },
  opsStatementConfirm: {
    ...ops('finance'),
    path: '/ops/api/statements/confirm',
    writes: true,
    request: bureauBatchRequest,
    response: loadAnswer,
    summary: '确认导入预览中的对账单（一个事务：同一流水只导入一次，按缴费识别码或付款单位与金额核对，一致的确认缴费）',
  },
  opsStatementDiscard: {
    ...ops('finance'),
    path: '/ops/api/statements/discard',
    writes: true,
    request: bureauBatchRequest,
    response: z.null(),
    summary: '放弃导入预览中的对账单',
  },
  opsStatementReport: {
    ...ops('finance'),
    sealed: 'either',
    path: '/ops/api/statements/report',
    writes: false,
    request: bureauBatchRequest,
    response: fileBytes,
    summary: '下载对账单的错误报告（Excel：无法读取的行及原因）',
  },
  opsStatementList: {
    ...ops('finance'),
    path: '/ops/api/statements/list',
    writes: false,
    response: z.strictObject({ list: z.array(statement) }),
    summary: '对账单导入记录（最近 100 次）',
  },
  opsCreditList: {
    ...ops('finance'),
    path: '/ops/api/credits/list',
    writes: false,
    request: z.object({
      state: creditState.optional(),
      statementId: idField('请选择对账单').optional(),
      before: bigIdField().optional().describe('翻页：上一页最后一条的 id'),
    }),
    response: z.strictObject({ list: z.array(credit), next: z.number().int().nullable() }),
    summary: '到账记录（最新在前，每页 50 条），可按状态或对账单筛选',
  },
  opsCreditMatch: {
    ...ops('finance'),
    path: '/ops/api/credits/match',
    writes: true,
    request: z.object({
      creditIds: z.array(bigIdField('请选择到账记录')).min(1, '请选择到账记录').max(20, '一次最多核对 20 笔'),
      application: requiredText('缴费通知单', 24).describe('申请号 SQ…、缴费识别码或申请 id'),
      note: z.string().trim().max(200, '备注不能超过200字').optional(),
    }),
    response: z.strictObject({ applicationNo: z.string(), amountFen: z.number().int(), credits: z.number().int() }),
    summary: '手工核对：所选到账合计等于通知单应缴金额时确认缴费',
  },
  opsCreditClose: {
    ...ops('finance'),
    path: '/ops/api/credits/close',
    writes: true,
    request: z.object({
      creditId: bigIdField('请选择到账记录'),
      to: z.enum(['refunded', 'left'], { error: '处理方式只能是退款或搁置' }),
      note: requiredText('处理说明', 200),
    }),
    response: z.strictObject({ creditId: z.number().int(), state: creditState }),
    summary: '退款（结清）或搁置（仍可再核对）一笔到账，须写明说明',
  },
  opsBankFormatList: {
    ...ops('finance'),
    path: '/ops/api/statements/formats',
    writes: false,
    response: z.strictObject({
      list: z.array(
        z.strictObject({ bank: z.string(), columns: z.record(z.string(), z.string()), updatedBy: z.string(), updatedAt: z.string() }),
      ),
    }),
    summary: '各银行对账单的列对应关系',
  },
  opsBankFormatSave: {
    ...ops('finance'),
    path: '/ops/api/statements/formats/save',
    writes: true,
    request: z.object({ bank, columns }),
    response: z.null(),
    summary: '保存某银行对账单的列名（未填的列按常见列名识别）',
  },
});
