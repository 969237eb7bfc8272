import { z } from 'zod';
import {
  subAccountRequest,
  subAddRequest,
  subFilter,
  subNotifyRequest,
  subPageRequest,
  subStateRequest,
  subUpdateRequest,
} from '../schemas/org';
import { importBatchRequest } from '../schemas/staff';
import { download, nothing, pageOf } from './answers';
import { defineContracts, post, upload } from './define';

const subRow = z.strictObject({
  id: z.string(),
  uact: z.string(),
  name: z.string(),
  uscc: z.string(),
  contactName: z.string(),
  contactPhone: z.string().describe('列表中脱敏，如 138****0001'),
  address: z.string(),
  insured: z.boolean(),
  notifyState: z.string().describe("通知状态：'0' 未通知 '1' 已通知 '2' 已撤销申报 '3' 已申报；空为无（92 工会下属企业）"),
  notifyStateLabel: z.string(),
  authState: z.string().describe("授权状态：'1' 已授权 '2' 已解除授权；空为无（93 工会下属分会）"),
  authStateLabel: z.string(),
  accountState: z.enum(['active', 'disabled']),
  accountStateLabel: z.string(),
  createdAt: z.string(),
});

/** The detail for the edit form: the contact phone unmasked. */
const subDetail = subRow;

/**
 * Union organisation (issue 10): a level-1 union's subordinate units. /basic-management (92,
 * needs insured) and /subuni-management (93); the service checks the union type per call.
 */
export const orgCalls = defineContracts(['下属单位管理'], {
  uactRelevQueryList: {
    ...post.unit,
    path: '/gob/web/uactRelevParNaService/queryList',
    writes: false,
    request: subPageRequest,
    response: pageOf(subRow),
    summary: '本工会下属单位分页（92：下属企业及通知状态；93：下属分会及授权状态）',
  },
  uactRelevUpdate: {
    ...post.unit,
    path: '/gob/web/uactRelevParNaService/updateDataByID',
    writes: true,
    request: subStateRequest,
    response: subRow,
    summary: "修改一个下属单位的通知状态（92：'1' 通知申报）或授权状态（93：'2' 解除授权 / '1' 恢复授权，须填原因）",
  },
  subAdd: {
    ...post.unit,
    path: '/gob/web/uactRelevParNaService/insertData',
    writes: true,
    request: subAddRequest,
    response: subDetail,
    summary: '新增下属单位及其单位账号（初始密码以短信发送至联系人手机，首次登录须修改）',
  },
  subUpdate: {
    ...post.unit,
    path: '/gob/web/uactRelevParNaService/updateInfoByID',
    writes: true,
    request: subUpdateRequest,
    response: subDetail,
    summary: '修改下属单位信息',
  },
  subAccount: {
    ...post.unit,
    path: '/gob/web/uactRelevParNaService/updateAccountState',
    writes: true,
    request: subAccountRequest,
    response: subRow,
    summary: '停用或启用下属单位的账号（停用后不能登录，已登录的会话结束）',
  },
  subNotify: {
    ...post.unit,
    path: '/gob/web/uactRelevParNaService/notifyDeclare',
    writes: true,
    request: subNotifyRequest,
    response: z.strictObject({ notified: z.number().int() }),
    summary: '通知申报：一家或多家下属企业（未通知或已撤销申报的）置为已通知，并发站内信',
  },
  subExport: {
    ...download.unit,
    path: '/gob/web/uactRelevParNaService/exportList',
    request: subFilter,
    summary: '导出筛选后的下属单位（Excel，手机号脱敏）',
  },
  subOptions: {
    ...post.unit,
    path: '/gob/web/uactRelevParNaService/actingOptions',
    writes: false,
    response: z.array(z.strictObject({ uact: z.string(), name: z.string() })),
    summary: '可代为办理业务的下属分会（93 工会：已解除授权的分会）',
  },
  subTemplate: {
    ...download.unit,
    path: '/gob/web/uactRelevParNaService/downloadTemplate',
    summary: '下载下属单位导入模板（Excel）',
  },
  subImport: {
    ...post.unit,
    ...upload,
    path: '/gob/web/uactRelevParNaService/importData',
    response: z.strictObject({
      batchId: z.string(),
      fileName: z.string(),
      total: z.number().int(),
      valid: z.number().int(),
      invalid: z.number().int(),
      expiresAt: z.string(),
      invalidRows: z.array(z.strictObject({ rowNo: z.number().int(), uact: z.string(), name: z.string(), reason: z.string() })),
    }),
    summary: '上传下属单位名单（multipart 字段 file；.xlsx 或 .csv，最多 2000 行）：逐行检查后返回预览，确认前不写入',
  },
  subImportConfirm: {
    ...post.unit,
    path: '/gob/web/uactRelevParNaService/confirmImport',
    writes: true,
    request: importBatchRequest,
    response: z.strictObject({ imported: z.number().int() }),
    summary: '确认导入：有效行开设单位及账号，初始密码以短信发送至各联系人',
  },
  subImportDiscard: {
    ...post.unit,
    path: '/gob/web/uactRelevParNaService/discardImport',
    writes: true,
    request: importBatchRequest,
    response: nothing,
    summary: '放弃导入',
  },
  subImportReport: {
    ...download.unit,
    path: '/gob/web/uactRelevParNaService/downloadImportReport',
    request: importBatchRequest,
    summary: '下载导入错误报告（Excel，含错误原因）',
  },
});

/** The same contracts under the name the server's modules read. */
export const orgContracts = orgCalls;
