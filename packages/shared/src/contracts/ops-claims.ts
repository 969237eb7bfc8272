import { z } from 'zod';
import {
  opsClaimApproveFields,
  opsClaimAttachmentFields,
  opsClaimListFields,
  opsClaimPayFields,
  opsClaimReasonFields,
  opsClaimRefFields,
} from '../schemas/claims';
import { fileBytes } from './answers';
import { claimDetail, claimItem } from './claims';
import { defineContracts, ops } from './define';

const decided = z.strictObject({
  id: z.number().int(),
  claimNo: z.string(),
  state: z.string(),
  stateLabel: z.string(),
  amountFen: z.number().int(),
});

/** The operator's side of subsidy claims: 市总审核 by the reviewer, payment by finance. */
export const opsClaimCalls = defineContracts(['操作员'], {
  opsClaimList: {
    ...ops('reviewer', 'finance'),
    path: '/ops/api/claims/list',
    writes: false,
    request: opsClaimListFields,
    response: z.strictObject({
      list: z.array(claimItem.extend({ uact: z.string(), hasBankCard: z.boolean() })),
    }),
    summary: '补助申请（默认为待市总审核的，最早提交在前；最多 500 条；只有财务角色的操作员只能查看待发放和已发放的）',
  },
  opsClaimDetail: {
    ...ops('reviewer'),
    path: '/ops/api/claims/detail',
    writes: false,
    request: opsClaimRefFields,
    response: claimDetail.extend({
      rule: z
        .strictObject({
          amountFen: z.number().int(),
          basis: z.string().describe('计算过程（份数、天数、起付线…）'),
          problems: z.array(z.string()).describe('按规则现在不能通过的原因'),
        })
        .describe('按规则计算的金额（提交当天的规则、现在的数据），与申请所载金额对照'),
    }),
    summary: '补助申请详情（材料、办理记录、按规则计算的金额）',
  },
  opsClaimAttachment: {
    ...ops('reviewer'),
    path: '/ops/api/claims/attachment',
    sealed: 'either',
    writes: false,
    request: opsClaimAttachmentFields,
    response: fileBytes,
    summary: '下载补助申请的一份材料',
  },
  opsClaimApprove: {
    ...ops('reviewer'),
    path: '/ops/api/claims/approve',
    writes: true,
    request: opsClaimApproveFields,
    response: decided,
    summary: '市总审核通过（amount 为核定金额，元；缺省为系统计算金额；只能调低，调低须写 note）：转入待发放',
  },
  opsClaimReturn: {
    ...ops('reviewer'),
    path: '/ops/api/claims/return',
    writes: true,
    request: opsClaimReasonFields,
    response: decided,
    summary: '市总退回补正（reason 写明需补正的内容）',
  },
  opsClaimRefuse: {
    ...ops('reviewer'),
    path: '/ops/api/claims/refuse',
    writes: true,
    request: opsClaimReasonFields,
    response: decided,
    summary: '不予补助（reason 写明原因；不可撤回）',
  },
  opsClaimPay: {
    ...ops('finance'),
    path: '/ops/api/claims/pay',
    writes: true,
    request: opsClaimPayFields,
    response: z.strictObject({
      batchNo: z.string().nullable(),
      paidOn: z.string(),
      count: z.number().int(),
      totalFen: z.number().int(),
      paid: z.array(z.strictObject({ claimNo: z.string(), personName: z.string(), amountFen: z.number().int() })),
      skipped: z.array(z.strictObject({ claimNo: z.string(), personName: z.string(), reason: z.string() })),
    }),
    summary: '发放：全部待发放的补助一个批次（一个事务）；没有银行卡的保持待发放并列出原因',
  },
});

/** The same contracts under the name the server's modules read. */
export const opsClaimContracts = opsClaimCalls;
