import { z } from 'zod';
import { APPLICATION_KIND_LABELS, APPLICATION_STATE_LABELS, ELIGIBILITY_LABELS, PERIOD_PHASE_LABELS } from '../enrolment/index';
import { keysOf } from '../labels';
import { pageQuery, requiredText } from '../schemas/common';
import { bigIdField, idField } from '../schemas/ids';
import { download, pageOf, stateEvent } from './answers';
import { defineContracts, post, upload } from './define';

/*
 * Mutual-aid applications (互助申请) and the 92 union's review (申请审核). Money is integer fen,
 * dates 'YYYY-MM-DD' (Beijing), instants ISO strings. Application numbers (SQ2027000042) are for
 * people; calls take the numeric id.
 */

const STATES = keysOf(APPLICATION_STATE_LABELS);
const KINDS = keysOf(APPLICATION_KIND_LABELS);
const PHASES = keysOf(PERIOD_PHASE_LABELS);
const ELIGIBILITIES = keysOf(ELIGIBILITY_LABELS);

/** Blank (or null) reads as absent: list filters the portal sends empty. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional()) as unknown as z.ZodOptional<T>;

/** An id out of range is answered like an id that is not the caller's. */
const APPLICATION_MISSING = '申请不存在或无权查看';
const applicationId = idField(APPLICATION_MISSING);

const periodYear = z.coerce.number({ error: '请选择互助期' }).int('请选择互助期').min(2000, '请选择互助期').max(2100, '请选择互助期');
const kindField = z.enum(KINDS, { error: '请选择申请类型（新参或增员）' });
const batchId = z.string({ error: '导入批次不存在或已失效，请重新导入' }).trim().uuid('导入批次不存在或已失效，请重新导入');

// ---- requests ----

export const applyListRequest = pageQuery.extend({
  periodYear: blankAsAbsent(periodYear),
  state: blankAsAbsent(z.enum(STATES, { error: '申请状态不正确' })),
  kind: blankAsAbsent(kindField),
});
export const applyIdRequest = z.object({ id: applicationId });
export const applyDetailRequest = pageQuery.extend({
  id: applicationId,
  /** Lines whose person's name or ID number contains this. */
  keyword: blankAsAbsent(z.string().trim().max(30, '字段长度不能超过30')),
});
export const applyCreateRequest = z.object({ periodYear, kind: kindField });
export const applyStaffOptionsRequest = pageQuery.extend({
  id: applicationId,
  keyword: blankAsAbsent(z.string().trim().max(30, '字段长度不能超过30')),
});
export const applyAddLinesRequest = z.object({
  id: applicationId,
  staffIds: z
    .array(idField('请选择本单位在册职工'), { error: '请选择要添加的人员' })
    .min(1, '请选择要添加的人员')
    .max(500, '一次最多添加500人，请分批添加'),
  products: z
    .array(
      z.object({
        code: z.string({ error: '请选择互助项目' }).trim().min(1, '请选择互助项目').max(8, '互助项目不存在'),
        shares: z.coerce.number({ error: '请填写份数' }).int('份数应为整数').min(1, '份数至少为1').max(10, '份数不能超过10'),
      }),
      { error: '请选择互助项目' },
    )
    .min(1, '请选择互助项目')
    .max(10, '请选择互助项目'),
});
export const applyRemoveLinesRequest = z.object({
  id: applicationId,
  lineIds: z
    .array(bigIdField('明细不存在'), { error: '请选择要移除的明细' })
    .min(1, '请选择要移除的明细')
    .max(500, '一次最多移除500条，请分批操作'),
});
export const applyCancelRequest = z.object({
  id: applicationId,
  note: blankAsAbsent(z.string().trim().max(200, '字段长度不能超过200')),
});
/** The multipart fields of applyHelpImport (besides `file`), sent before the file. */
export const applyImportFields = z.object({
  periodYear,
  kind: kindField,
  applicationId: blankAsAbsent(applicationId),
});
export const applyBatchRequest = z.object({ batchId });
/** kind: of the draft the confirmation makes when the import named no application (default: what the period allows today). */
export const applyImportConfirmRequest = z.object({ batchId, kind: blankAsAbsent(kindField) });

export const examineListRequest = pageQuery.extend({
  periodYear: blankAsAbsent(periodYear),
  /** Absent: every application of the members, those waiting (已提交) first. */
  state: blankAsAbsent(z.enum(STATES, { error: '申请状态不正确' })),
  empName: blankAsAbsent(z.string().trim().max(50, '字段长度不能超过50')),
});
export const examineReturnRequest = z.object({ id: applicationId, reason: requiredText('退回原因', 200) });
export const examineBatchRequest = z.object({
  ids: z.array(applicationId, { error: '请选择要审核的申请' }).min(1, '请选择要审核的申请').max(100, '一次最多审核100条'),
});

// ---- answers ----

const product = z.strictObject({
  code: z.string(),
  name: z.string(),
  rateFen: z.number().int(),
  maxShares: z.number().int(),
  eligibility: z.enum(ELIGIBILITIES),
  eligibilityLabel: z.string(),
});
const period = z.strictObject({
  year: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  enrolStart: z.string(),
  enrolEnd: z.string(),
  payDeadline: z.string(),
  waitingDays: z.number().int(),
  phase: z.enum(PHASES),
  phaseLabel: z.string(),
  /** Whether a unit may make a new (新参) / supplementary (增员) application today. */
  canApplyNew: z.boolean(),
  canApplyAdd: z.boolean(),
  products: z.array(product),
});
const periodListAnswer = z.strictObject({ today: z.string().describe('今天（北京时间）YYYY-MM-DD'), list: z.array(period) });

const applicationItem = z.strictObject({
  id: z.number().int(),
  no: z.string().describe('申请编号，如 SQ2027000042'),
  periodYear: z.number().int(),
  kind: z.enum(KINDS),
  kindLabel: z.string(),
  /** 'effective' (已生效) for a paid application whose period has begun. */
  state: z.enum(STATES),
  stateLabel: z.string(),
  unitName: z.string(),
  headcount: z.number().int(),
  amountFen: z.number().int(),
  /** The last return reason or cancel note. */
  reason: z.string().nullable(),
  /** Reviewed by the 92 union before payment. */
  needsReview: z.boolean(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});

const applicationEvent = stateEvent(['unit', 'union', 'operator', 'system']);

const applicationLine = z.strictObject({
  id: z.number().int(),
  personName: z.string(),
  certNo: z.string().describe('脱敏身份证号码'),
  gender: z.string().nullable(),
  productCode: z.string(),
  productName: z.string(),
  shares: z.number().int(),
  amountFen: z.number().int(),
});

const productTotal = z.strictObject({
  code: z.string(),
  name: z.string(),
  headcount: z.number().int(),
  shares: z.number().int(),
  amountFen: z.number().int(),
});

const applicationDetail = z.strictObject({
  application: applicationItem.extend({
    periodName: z.string(),
    payDeadline: z.string(),
    reviewUnitName: z.string().nullable(),
    /** What the caller may do now (the server checks again). */
    canEdit: z.boolean(),
    canSubmit: z.boolean(),
    canCancel: z.boolean(),
    canReview: z.boolean(),
  }),
  products: z.array(productTotal),
  events: z.array(applicationEvent),
  lines: pageOf(applicationLine),
});

const staffOption = z.strictObject({
  staffId: z.number().int(),
  name: z.string(),
  certNo: z.string().describe('脱敏身份证号码'),
  gender: z.string().nullable(),
  psnType: z.string(),
  insured: z.boolean(),
  /** Product codes this person already has in this application. */
  inThis: z.array(z.string()),
  /** Product codes this person holds elsewhere in this period (another application, any unit). */
  elsewhere: z.array(z.string()),
});

const linesChanged = z.strictObject({
  added: z.number().int(),
  removed: z.number().int(),
  headcount: z.number().int(),
  amountFen: z.number().int(),
  /** Staff × product left out, with the reason. */
  skipped: z.array(z.strictObject({ staffId: z.number().int(), name: z.string(), productCode: z.string(), reason: z.string() })),
});

const importPreview = z.strictObject({
  batchId: z.string(),
  fileName: z.string(),
  periodYear: z.number().int(),
  kind: z.enum(KINDS),
  applicationId: z.number().int().nullable(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The first 100 invalid rows; all of them are in the error report. */
  invalidRows: z.array(
    z.strictObject({ rowNo: z.number().int(), name: z.string(), certNo: z.string(), productCode: z.string(), reason: z.string() }),
  ),
});

const importConfirmed = z.strictObject({
  applicationId: z.number().int(),
  no: z.string(),
  added: z.number().int(),
  /** Valid at preview but no longer (left the unit, enrolled meanwhile). */
  skipped: z.number().int(),
  headcount: z.number().int(),
  amountFen: z.number().int(),
});

const batchApproved = z.strictObject({
  approved: z.number().int(),
  failed: z.array(z.strictObject({ id: z.number().int(), no: z.string(), reason: z.string() })),
});

export type PeriodInfo = z.output<typeof period>;
export type ApplicationItem = z.output<typeof applicationItem>;
export type ApplicationDetail = z.output<typeof applicationDetail>;
export type ApplicationLine = z.output<typeof applicationLine>;
export type StaffOption = z.output<typeof staffOption>;
export type LinesChanged = z.output<typeof linesChanged>;
export type ImportConfirmed = z.output<typeof importConfirmed>;

/**
 * Mutual-aid applications (互助申请, /apply-query) and the 92 union's review (申请审核,
 * /apply-examine). A unit's calls need its insurance registration; the review calls do not
 * (docs/decisions.md, "Uninsured users read their own"); the period list is for any logged-in user.
 */
export const enrolmentCalls = defineContracts(['互助申请与审核'], {
  periodList: {
    ...post.any,
    path: '/gob/web/mutuaAidApplyController/periodList',
    writes: false,
    response: periodListAnswer,
    summary: '互助期列表（阶段、日期、互助项目），最新在前',
  },
  applyList: {
    ...post.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/getPageList',
    writes: false,
    request: applyListRequest,
    response: pageOf(applicationItem),
    summary: '本单位互助申请分页（按年度、状态、类型筛选；effective 为已缴费且互助期已开始）',
  },
  applyDetail: {
    ...post.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/queryDataById',
    writes: false,
    request: applyDetailRequest,
    response: applicationDetail,
    summary: '互助申请详情（含办理记录、分项合计、明细分页）',
  },
  applyCreate: {
    ...post.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/create',
    writes: true,
    request: applyCreateRequest,
    response: applicationItem,
    summary: '新建互助申请（待提交）',
  },
  applyStaffOptions: {
    ...post.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/staffOptions',
    writes: false,
    request: applyStaffOptionsRequest,
    response: pageOf(staffOption),
    summary: '可添加到申请的本单位在册职工（含已申报的项目）',
  },
  applyAddLines: {
    ...post.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/addLines',
    writes: true,
    request: applyAddLinesRequest,
    response: linesChanged,
    summary: '从人员名单添加申请明细（人员 × 项目 × 份数）',
  },
  applyRemoveLines: {
    ...post.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/removeLines',
    writes: true,
    request: applyRemoveLinesRequest,
    response: linesChanged,
    summary: '移除申请明细（待提交或已退回）',
  },
  applySubmit: {
    ...post.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/submit',
    writes: true,
    request: applyIdRequest,
    response: applicationItem,
    summary: '提交互助申请',
  },
  applyCancel: {
    ...post.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/cancel',
    writes: true,
    request: applyCancelRequest,
    response: applicationItem,
    summary: '撤销互助申请（缴费前）',
  },
  applyImport: {
    ...post.insuredUnit,
    ...upload,
    path: '/gob/web/mutuaAidApplyController/applyHelpImport',
    response: importPreview,
    summary: '导入互助申请（multipart：periodYear、kind、applicationId? 在前，file 在后；xlsx/csv ≤10MB）：逐行校验并预览',
  },
  applyImportConfirm: {
    ...post.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/confirmApplyImport',
    writes: true,
    request: applyImportConfirmRequest,
    response: importConfirmed,
    summary: '确认导入：有效行在一个事务中写入申请',
  },
  applyImportErrors: {
    ...download.insuredUnit,
    path: '/gob/web/mutuaAidApplyController/downloadImportErrors',
    request: applyBatchRequest,
    summary: '下载导入错误报告（Excel，含错误原因列）',
  },
  // A blank template reveals nothing: any unit may download it (not needInsured).
  applyTemplate: {
    ...download.unit,
    path: '/gob/web/mutuaAidApplyController/downloadTemplate',
    summary: '下载互助申请导入模板（Excel）',
  },
  examineList: {
    ...post.unit,
    path: '/gob/web/mutuaAidApplyController/examine/getPageList',
    writes: false,
    request: examineListRequest,
    response: pageOf(applicationItem),
    summary: '联合基层工会：下属企业的互助申请（待审核在前）',
  },
  examineDetail: {
    ...post.unit,
    path: '/gob/web/mutuaAidApplyController/examine/queryDataById',
    writes: false,
    request: applyDetailRequest,
    response: applicationDetail,
    summary: '联合基层工会：待审核申请详情',
  },
  examineApprove: {
    ...post.unit,
    path: '/gob/web/mutuaAidApplyController/examine/approve',
    writes: true,
    request: applyIdRequest,
    response: applicationItem,
    summary: '审核通过（转入待缴费）',
  },
  examineReturn: {
    ...post.unit,
    path: '/gob/web/mutuaAidApplyController/examine/return',
    writes: true,
    request: examineReturnRequest,
    response: applicationItem,
    summary: '退回申请（须填写原因）',
  },
  examineBatchApprove: {
    ...post.unit,
    path: '/gob/web/mutuaAidApplyController/examine/batchApprove',
    writes: true,
    request: examineBatchRequest,
    response: batchApproved,
    summary: '批量审核通过（逐条，各自原子）',
  },
});

/** The same contracts under the name the server's modules read. */
export const enrolmentContracts = enrolmentCalls;
