import { z } from 'zod';
import { payableListRequest, paymentNoticeRequest } from '../schemas/payable';
import { defineContracts, post } from './define';

/** One product of an application: headcount × shares × rate = amount (fen). */
const breakdownLine = z.strictObject({
  productCode: z.string(),
  productName: z.string(),
  headcount: z.number().int(),
  shares: z.number().int().describe('份数合计'),
  rateFen: z.number().int().describe('每份每年费率（分）'),
  amountFen: z.number().int(),
});

const paymentRecord = z.strictObject({
  paidOn: z.string(),
  voucherNo: z.string(),
  amountFen: z.number().int(),
});

const paymentRef = z.string().describe('缴费识别码：16 位数字，单位转账时写在附言中，到账按它核对');

const payable = z.strictObject({
  id: z.number().int(),
  applicationNo: z.string(),
  paymentRef,
  year: z.number().int(),
  periodName: z.string(),
  kind: z.enum(['new', 'add']),
  kindLabel: z.string(),
  state: z.enum(['unpaid', 'paid', 'effective']),
  stateLabel: z.string(),
  headcount: z.number().int(),
  amountFen: z.number().int(),
  payDeadline: z.string(),
  overdue: z.boolean().describe('待缴费且今天已过缴费截止日期'),
  submittedAt: z.string().nullable(),
  breakdown: z.array(breakdownLine),
  payment: paymentRecord.nullable(),
  arrivals: z
    .array(
      z.strictObject({
        id: z.number().int(),
        bookedOn: z.string(),
        amountFen: z.number().int(),
        state: z.enum(['matched', 'waiting', 'refunded']),
      }),
    )
    .describe('银行到账：已核对、待市总工会核对（金额不符等）或已退款'),
});

const payableList = z.strictObject({
  list: z.array(payable),
  /** Sum of the listed applications. */
  totalFen: z.number().int(),
  unpaidFen: z.number().int().describe('待缴费合计'),
  overdueCount: z.number().int(),
  today: z.string(),
});

const paymentNotice = z.strictObject({
  noticeNo: z.string().describe('通知单号：申请号'),
  applicationId: z.number().int(),
  applicationNo: z.string(),
  paymentRef,
  unitName: z.string(),
  uact: z.string(),
  uscc: z.string(),
  year: z.number().int(),
  periodName: z.string(),
  coverFrom: z.string(),
  coverTo: z.string(),
  kindLabel: z.string(),
  state: z.enum(['unpaid', 'paid', 'effective']),
  stateLabel: z.string(),
  breakdown: z.array(breakdownLine),
  headcount: z.number().int(),
  totalFen: z.number().int(),
  totalCapital: z.string().describe('人民币大写'),
  payDeadline: z.string(),
  overdue: z.boolean(),
  account: z.strictObject({ name: z.string(), bank: z.string(), accountNo: z.string() }),
  payee: z.string().describe('收款单位（市总工会）'),
  payerAccount: z
    .strictObject({ name: z.string(), bank: z.string(), accountNo: z.string() })
    .nullable()
    .describe('付款账户：一级工会缴费时为其已审核的基层工会信息中的银行账户，便于市总工会核对到账；其他单位为 null'),
  issuedOn: z.string(),
  payment: paymentRecord.nullable(),
});

/** /payment 应缴金额: the calling unit's own applications only; needInsured like the page. */
export const payableCalls = defineContracts(['应缴金额'], {
  payableList: {
    ...post.insuredUnit,
    path: '/gob/web/payable/queryList',
    writes: false,
    request: payableListRequest,
    response: payableList,
    summary: '应缴金额：本单位待缴费、已缴费、已生效的互助申请，含险种明细、合计、缴费截止日期与逾期标记',
  },
  paymentNotice: {
    ...post.insuredUnit,
    path: '/gob/web/payable/queryNotice',
    writes: false,
    request: paymentNoticeRequest,
    response: paymentNotice,
    summary: '缴费通知单：单位、申请号、互助期、明细、合计（含人民币大写）、收款账户、缴费截止日期',
  },
});

/** The same contracts under the name the server's modules read. */
export const payableContracts = payableCalls;
