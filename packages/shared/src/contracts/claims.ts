import { z } from 'zod';
import { ATTACHMENT_KIND_LABELS, CLAIM_STATE_LABELS, CLAIM_TYPE_LABELS } from '../benefits/index';
import { keysOf } from '../labels';
import {
  claimAttachRequest,
  claimDetachRequest,
  claimFilterFields,
  claimFormFields,
  claimIdRequest,
  claimListPersonalRequest,
  claimListRequest,
  claimReturnRequest,
  claimStaffOptionsRequest,
  claimUnionListRequest,
  claimUnitFormFields,
} from '../schemas/claims';
import { download, pageOf, stateEvent } from './answers';
import { defineContracts, post } from './define';

/*
 * Subsidy claims (补助申请). Money is integer fen, dates 'YYYY-MM-DD' (Beijing), instants ISO
 * strings. Claim numbers (BZ2026000042) are for people; calls take the numeric id.
 */

const TYPES = keysOf(CLAIM_TYPE_LABELS);
const STATES = keysOf(CLAIM_STATE_LABELS);
const KINDS = keysOf(ATTACHMENT_KIND_LABELS);

export const claimItem = z.strictObject({
  id: z.number().int(),
  claimNo: z.string().describe('补助申请号，如 BZ2026000042'),
  type: z.enum(TYPES),
  typeLabel: z.string(),
  state: z.enum(STATES),
  stateLabel: z.string(),
  filedBy: z.enum(['unit', 'personal']).describe('unit：单位代办；personal：职工本人申请'),
  personName: z.string(),
  certNo: z.string().describe('脱敏身份证号码'),
  unitName: z.string(),
  periodYear: z.number().int(),
  admittedOn: z.string().nullable(),
  dischargedOn: z.string().nullable(),
  hospitalName: z.string().nullable(),
  diagnosisName: z.string().nullable(),
  days: z.number().int().nullable(),
  amountFen: z.number().int().describe('提交时按规则计算的金额；市总审核后为核定金额'),
  reason: z.string().nullable().describe('退回补正或不予补助的原因'),
  payoutFailure: z.string().nullable().describe('银行发放失败的原因（已退回待发放，下一发放批次重新发放）'),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});

const claimEvent = stateEvent(['unit', 'personal', 'union', 'operator', 'system']);

export const claimAttachment = z.strictObject({
  id: z.number().int(),
  kind: z.enum(KINDS),
  kindLabel: z.string(),
  fileId: z.string().describe('下载：downloadFileByID'),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  createdAt: z.string(),
});

export const claimDetail = z.strictObject({
  claim: claimItem.extend({
    productCode: z.string(),
    productName: z.string(),
    gender: z.string().nullable(),
    diagnosisCode: z.string().nullable(),
    invoiceFen: z.number().int().nullable(),
    bankName: z.string().nullable(),
    bankCard: z.string().nullable().describe('脱敏银行卡号'),
    note: z.string().nullable(),
    reviewUnitName: z.string().nullable(),
    /** The last day it may be submitted (two years after discharge). */
    deadline: z.string().nullable(),
    /** What the caller may do now (the server checks again). */
    canEdit: z.boolean(),
    canSubmit: z.boolean(),
    canDelete: z.boolean(),
    canReview: z.boolean(),
  }),
  /** The form as saved, to continue a draft or a returned claim (bank card in full for its filer only). */
  form: z.strictObject({
    staffId: z.number().int().nullable(),
    bankCard: z.string().nullable(),
  }),
  attachments: z.array(claimAttachment),
  /** The type's required kinds and whether each is there. */
  required: z.array(z.strictObject({ kind: z.enum(KINDS), label: z.string(), present: z.boolean() })),
  events: z.array(claimEvent),
});

const preview = z.strictObject({
  periodYear: z.number().int().nullable(),
  productName: z.string().nullable(),
  days: z.number().int().nullable(),
  amountFen: z.number().int(),
  /** How the amount was reached (份数, 天数, 起付线…). */
  basis: z.string(),
  /** What would refuse the submission now (attachments apart). */
  problems: z.array(z.string()),
});

const staffOption = z.strictObject({
  staffId: z.number().int(),
  name: z.string(),
  certNo: z.string().describe('脱敏身份证号码'),
  gender: z.string().nullable(),
  psnType: z.string(),
  /** The years and products this unit covers the person in (the last three periods). */
  covers: z.array(z.strictObject({ year: z.number().int(), products: z.array(z.string()) })),
  bankName: z.string().nullable(),
  bankCard: z.string().nullable().describe('脱敏银行卡号'),
});

const attachments = z.strictObject({ attachments: z.array(claimAttachment) });

/**
 * Subsidy claims (补助申请). The unit's calls (/subsidy-application, /subsidy-record-query) and the
 * worker's filing calls (/subsidy-application-personal) need the caller's insurance registration;
 * the worker's record query does not (its page is not needInsured), nor does the 92 union's review
 * (/apply-examine, docs/decisions.md, "Uninsured users read their own").
 */
export const claimCalls = defineContracts(['补助申请'], {
  claimStaffOptions: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/staffOptions',
    writes: false,
    request: claimStaffOptionsRequest,
    response: pageOf(staffOption),
    summary: '可代为申请补助的本单位在册、已参加互助的职工（按姓名或身份证号码搜索）',
  },
  claimPreview: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/preview',
    writes: false,
    request: claimUnitFormFields,
    response: preview,
    summary: '试算补助金额并列出提交前仍需解决的问题（不保存）',
  },
  claimSave: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/save',
    writes: true,
    request: claimUnitFormFields,
    response: claimDetail,
    summary: '保存补助申请草稿（新建或修改草稿、退回补正的申请）',
  },
  claimSubmit: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/submit',
    writes: true,
    request: claimIdRequest,
    response: claimDetail,
    summary: '提交补助申请（校验材料、参保、等待期、期限等规则并计算金额）',
  },
  claimDelete: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/delete',
    writes: true,
    request: claimIdRequest,
    response: z.null(),
    summary: '删除未提交过的草稿',
  },
  claimAttach: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/attach',
    writes: true,
    request: claimAttachRequest,
    response: attachments,
    summary: '添加或替换申请材料（先经 uploadFile 上传；仅本人上传的图片或 PDF；草稿或退回补正时）',
  },
  claimDetach: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/detach',
    writes: true,
    request: claimDetachRequest,
    response: attachments,
    summary: '删除申请材料（草稿或退回补正时）',
  },
  claimList: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/getPageList',
    writes: false,
    request: claimListRequest,
    response: pageOf(claimItem),
    summary: '本单位补助记录（单位代办的，及职工本人提交后的），按申请时间倒序',
  },
  claimDetail: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/queryDataById',
    writes: false,
    request: claimIdRequest,
    response: claimDetail,
    summary: '补助申请详情（材料、办理记录）',
  },
  claimExport: {
    ...download.insuredUnit,
    path: '/gob/web/subsidyClaim/exportList',
    request: claimFilterFields,
    summary: '导出本单位补助记录（Excel，按查询条件；最多 20000 条）',
  },
  claimUnitApprove: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/unitReview/approve',
    writes: true,
    request: claimIdRequest,
    response: claimDetail,
    summary: '单位审核通过职工的补助申请',
  },
  claimUnitReturn: {
    ...post.insuredUnit,
    path: '/gob/web/subsidyClaim/unitReview/return',
    writes: true,
    request: claimReturnRequest,
    response: claimDetail,
    summary: '单位退回职工的补助申请（须写明需补正的内容）',
  },
  claimPreviewPersonal: {
    ...post.insuredPersonal,
    path: '/gob/web/subsidyClaim/personal/preview',
    writes: false,
    request: claimFormFields,
    response: preview,
    summary: '职工本人：试算补助金额（不保存）',
  },
  claimSavePersonal: {
    ...post.insuredPersonal,
    path: '/gob/web/subsidyClaim/personal/save',
    writes: true,
    request: claimFormFields,
    response: claimDetail,
    summary: '职工本人：保存补助申请草稿',
  },
  claimSubmitPersonal: {
    ...post.insuredPersonal,
    path: '/gob/web/subsidyClaim/personal/submit',
    writes: true,
    request: claimIdRequest,
    response: claimDetail,
    summary: '职工本人：提交补助申请（先由单位审核）',
  },
  claimDeletePersonal: {
    ...post.insuredPersonal,
    path: '/gob/web/subsidyClaim/personal/delete',
    writes: true,
    request: claimIdRequest,
    response: z.null(),
    summary: '职工本人：删除未提交过的草稿',
  },
  claimAttachPersonal: {
    ...post.insuredPersonal,
    path: '/gob/web/subsidyClaim/personal/attach',
    writes: true,
    request: claimAttachRequest,
    response: attachments,
    summary: '职工本人：添加或替换申请材料',
  },
  claimDetachPersonal: {
    ...post.insuredPersonal,
    path: '/gob/web/subsidyClaim/personal/detach',
    writes: true,
    request: claimDetachRequest,
    response: attachments,
    summary: '职工本人：删除申请材料',
  },
  claimListPersonal: {
    ...post.personal,
    path: '/gob/web/subsidyClaim/personal/getPageList',
    writes: false,
    request: claimListPersonalRequest,
    response: pageOf(claimItem),
    summary: '职工本人的补助记录（本人申请的，及单位代办并已提交的）',
  },
  claimDetailPersonal: {
    ...post.personal,
    path: '/gob/web/subsidyClaim/personal/queryDataById',
    writes: false,
    request: claimIdRequest,
    response: claimDetail,
    summary: '职工本人：补助申请详情',
  },
  claimUnionList: {
    ...post.unit,
    path: '/gob/web/subsidyClaim/examine/getPageList',
    writes: false,
    request: claimUnionListRequest,
    response: pageOf(claimItem),
    summary: '联合基层工会：会员企业的补助申请（默认为待工会审核的）',
  },
  claimUnionDetail: {
    ...post.unit,
    path: '/gob/web/subsidyClaim/examine/queryDataById',
    writes: false,
    request: claimIdRequest,
    response: claimDetail,
    summary: '联合基层工会：补助申请详情',
  },
  claimUnionApprove: {
    ...post.unit,
    path: '/gob/web/subsidyClaim/examine/approve',
    writes: true,
    request: claimIdRequest,
    response: claimDetail,
    summary: '联合基层工会审核通过（转市总审核）',
  },
  claimUnionReturn: {
    ...post.unit,
    path: '/gob/web/subsidyClaim/examine/return',
    writes: true,
    request: claimReturnRequest,
    response: claimDetail,
    summary: '联合基层工会退回补助申请（须写明需补正的内容）',
  },
});

/** The same contracts under the name the server's modules read. */
export const claimContracts = claimCalls;
