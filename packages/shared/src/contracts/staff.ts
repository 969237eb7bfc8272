import { z } from 'zod';
import {
  importBatchRequest,
  staffAddRequest,
  staffFilter,
  staffIdRequest,
  staffLeaveRequest,
  staffPageRequest,
  staffUpdateRequest,
} from '../schemas/staff';
import { ROSTER_FILE_MAX_BYTES, UPLOAD_ID_HEADER } from '../constants';
import { download, nothing, pageOf } from './answers';
import { defineContracts, post, upload } from './define';

const staffRow = z.strictObject({
  id: z.string(),
  name: z.string(),
  certNo: z.string().describe('脱敏身份证号码，如 4301**********0022'),
  gender: z.string().describe('1 男 2 女（由身份证号码解析）'),
  genderLabel: z.string(),
  birthDate: z.string().describe('YYYY-MM-DD（由身份证号码解析）'),
  psnType: z.string(),
  psnTypeLabel: z.string(),
  phone: z.string().describe('列表中脱敏；详情中为单位登记的号码'),
  bankName: z.string(),
  bankCard: z.string().describe('脱敏银行卡号，如 6222 **** 1234'),
  joinedOn: z.string(),
  leftOn: z.string().nullable(),
  leaveReason: z.string().nullable(),
  state: z.enum(['current', 'left']),
});

const rosterPreview = z.strictObject({
  batchId: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  expiresAt: z.string(),
  invalidRows: z.array(z.strictObject({ rowNo: z.number().int(), name: z.string(), certNo: z.string(), reason: z.string() })),
});

const importOutcome = z.strictObject({
  imported: z.number().int().describe('写入的人员数'),
  added: z.number().int().describe('新加入本单位的人员'),
  updated: z.number().int().describe('已在本单位（含重新入职）而更新的人员'),
});

/**
 * Staff of a unit (互助人员管理): a unit's own staff only, for units with an active
 * medical-insurance registration. The roster import is multipart (not sealed); the downloads
 * (template, error report, export) answer the file and take a plain or sealed body.
 */
export const staffCalls = defineContracts(['互助人员'], {
  staffPage: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/getPageList',
    writes: false,
    request: staffPageRequest,
    response: pageOf(staffRow),
    summary: '本单位互助人员分页（姓名前缀、身份证号码、人员类别、在职/已减员、入职日期；afterId/beforeId 按键集翻页）',
  },
  staffById: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/queryDataById',
    writes: false,
    request: staffIdRequest,
    response: staffRow,
    summary: '本单位一名互助人员（编辑用：联系电话不脱敏）',
  },
  staffAdd: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/addStaff',
    writes: true,
    request: staffAddRequest,
    response: staffRow,
    summary: '新增互助人员（须已参保，且不在其他单位在职）',
  },
  staffUpdate: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/updateStaff',
    writes: true,
    request: staffUpdateRequest,
    response: staffRow,
    summary: '修改本单位互助人员（人员类别、联系电话、银行信息、入职日期）',
  },
  staffLeave: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/leaveStaff',
    writes: true,
    request: staffLeaveRequest,
    response: staffRow,
    summary: '减员（已缴费的保障至互助期结束）',
  },
  staffTemplate: {
    ...download.insuredUnit,
    path: '/gob/web/StaffInfo/downloadTemplate',
    summary: '下载人员名单导入模板（Excel）',
  },
  staffImport: {
    ...post.insuredUnit,
    ...upload,
    path: '/gob/web/StaffInfo/importRoster',
    response: rosterPreview,
    summary: `上传人员名单（multipart 字段 file；.xlsx 或 .csv，最大 ${ROSTER_FILE_MAX_BYTES / 1024 / 1024}MB）：逐行检查后返回预览，确认前不写入`,
  },
  staffImportConfirm: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/confirmImport',
    writes: true,
    request: importBatchRequest,
    response: importOutcome,
    summary: '确认导入：预览中的有效行在一个事务中写入',
  },
  staffImportDiscard: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/discardImport',
    writes: true,
    request: importBatchRequest,
    response: nothing,
    summary: '放弃导入',
  },
  staffImportPreview: {
    ...post.insuredUnit,
    path: '/gob/web/StaffInfo/importPreview',
    writes: false,
    request: importBatchRequest,
    response: rosterPreview,
    summary: '待确认的导入批次的预览（从待办事项重新打开；已确认、已放弃或已过期的批次拒绝）',
  },
  staffImportProgress: {
    // Any unit: the progress of its own upload tells nothing, and a union without insurance imports its units too.
    ...post.unit,
    path: '/gob/web/StaffInfo/importProgress',
    writes: false,
    request: z.strictObject({ uploadId: z.string().min(8).max(64) }),
    response: z.strictObject({ rows: z.number().int() }),
    summary: `导入进度：请求头 ${UPLOAD_ID_HEADER} 或表单字段 uploadId 所标上传中已读取的行数（检查中的名单；处理该上传的节点内存中，未知为0）`,
  },
  staffImportReport: {
    ...download.insuredUnit,
    path: '/gob/web/StaffInfo/downloadImportReport',
    request: importBatchRequest,
    summary: '下载导入错误报告（Excel，含错误原因）',
  },
  staffExport: {
    ...download.insuredUnit,
    path: '/gob/web/StaffInfo/exportList',
    request: staffFilter,
    summary: '导出筛选后的人员名单（Excel，身份证号码脱敏）',
  },
});

/** The same contracts under the name the server's modules read. */
export const staffContracts = staffCalls;
