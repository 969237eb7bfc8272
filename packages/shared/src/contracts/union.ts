import { z } from 'zod';
import {
  opsUnionChangeDecideRequest,
  opsUnionChangeListRequest,
  opsUnionChangeFileRequest,
  opsUnionChangeRejectRequest,
  sysUserByUactRequest,
  unionChangeFilter,
  unionChangeIdRequest,
  unionChangeListRequest,
  unionInfoForm,
} from '../schemas/union';
import { UNION_CHANGE_STATES, UNION_INFO_COUNT_FIELDS, UNION_INFO_FIELDS, type UnionInfoField } from '../union/index';
import { download, fileBytes, pageOf } from './answers';
import { defineContracts, ops, post } from './define';

/*
 * Union information and change records (issue 10). Days 'YYYY-MM-DD', instants ISO strings,
 * counts integers; a field not yet filled is null.
 */

const value = z.union([z.string(), z.number().int(), z.null()]);

export const unionRecord = z.strictObject(
  Object.fromEntries(
    UNION_INFO_FIELDS.map((f) => [f, UNION_INFO_COUNT_FIELDS.includes(f) ? z.number().int().nullable() : z.string().nullable()]),
  ) as Record<UnionInfoField, z.ZodNullable<z.ZodString> | z.ZodNullable<z.ZodNumber>>,
);

export const unionChange = z.strictObject({
  id: z.number().int(),
  state: z.enum(UNION_CHANGE_STATES),
  stateLabel: z.string(),
  /** Only the fields the change changes, in the page's order. */
  fields: z.array(z.strictObject({ field: z.enum(UNION_INFO_FIELDS), label: z.string(), before: value, after: value })),
  submitter: z.string().describe('提交人（单位账号）'),
  submittedAt: z.string(),
  decidedAt: z.string().nullable().describe('审核或撤回的时间'),
  reviewer: z.string().nullable(),
  reviewNote: z.string().nullable(),
  /** 证明材料 the union sent with the change, in the order given. */
  files: z
    .array(z.strictObject({ fileId: z.string(), name: z.string(), size: z.number().int(), mime: z.string() }))
    .describe('随变更提交的证明材料（如选举批复）：downloadFileByID 读取，图片与 PDF 可在页面中查看'),
});

const opsChange = unionChange.extend({ uact: z.string(), unitName: z.string() });

/**
 * Union information (/uniInformationBase) and its change records (/uniInformationEdit): level-1
 * union accounts, no insurance registration needed (spec §2); the service refuses other units.
 * The operator's review of the changes: operator sessions only. getSysUserByUact: any unit.
 */

export const unionCalls = defineContracts(['工会信息'], {
  sysUserByUact: {
    ...post.unit,
    path: '/gob/web/BasUniInfo/getSysUserByUact',
    writes: false,
    request: sysUserByUactRequest,
    response: z.strictObject({
      uact: z.string(),
      empName: z.string(),
      uactLevel: z.number().int(),
      uniType: z.string().nullable(),
      uscc: z.string().nullable(),
      regionCode: z.string().nullable(),
      insured: z.boolean(),
      accountStatus: z.string().nullable(),
      parentUact: z.string().nullable(),
      parentName: z.string().nullable(),
      authState: z.string().nullable(),
      notifyState: z.string().nullable(),
      subordinateCount: z.number().int(),
      /** From the approved union information, when there is one. */
      chairmanName: z.string().nullable(),
      contactName: z.string().nullable(),
      contactPhone: z.string().nullable(),
    }),
    summary: '单位账号的系统用户及工会基本信息（本单位，或一级工会的下属单位）',
  },
  unionInfo: {
    ...post.unit,
    path: '/gob/web/BasUniInfo/queryInfo',
    writes: false,
    response: z.strictObject({
      uact: z.string(),
      /** The approved record; before the first approval, what the registration knows (approved: false). */
      record: unionRecord,
      approved: z.boolean(),
      updatedAt: z.string().nullable(),
      pending: unionChange.nullable(),
      /** The newest change when it was rejected and nothing was submitted since (to correct and resubmit). */
      lastRejected: unionChange.nullable(),
    }),
    summary: '本工会的基层工会信息（已审核通过的记录）与审核中的变更',
  },
  unionInfoSubmit: {
    ...post.unit,
    path: '/gob/web/BasUniInfo/submitChange',
    writes: true,
    request: unionInfoForm,
    response: unionChange,
    summary: '提交工会信息变更（审核中；审核通过后生效；同一时间只能有一条审核中的变更）',
  },
  unionInfoWithdraw: {
    ...post.unit,
    path: '/gob/web/BasUniInfo/withdrawChange',
    writes: true,
    request: unionChangeIdRequest,
    response: unionChange,
    summary: '撤回审核中的工会信息变更',
  },
  unionChangeList: {
    ...post.unit,
    path: '/gob/web/BasUniInfo/changeList',
    writes: false,
    request: unionChangeListRequest,
    response: pageOf(unionChange),
    summary: '工会信息变更记录（最新在前）',
  },
  unionChangeDetail: {
    ...post.unit,
    path: '/gob/web/BasUniInfo/changeDetail',
    writes: false,
    request: unionChangeIdRequest,
    response: unionChange,
    summary: '一条工会信息变更记录',
  },
  unionChangeExport: {
    ...download.unit,
    path: '/gob/web/BasUniInfo/exportChanges',
    request: unionChangeFilter,
    summary: '导出工会信息变更记录（Excel）',
  },
  opsUnionChangeList: {
    ...ops('reviewer'),
    path: '/ops/api/union-changes/list',
    writes: false,
    request: opsUnionChangeListRequest,
    response: z.strictObject({ list: z.array(opsChange) }),
    summary: '工会信息变更（默认审核中的，最早提交在前；最多 500 条）',
  },
  opsUnionChangeDetail: {
    ...ops('reviewer'),
    path: '/ops/api/union-changes/detail',
    writes: false,
    request: unionChangeIdRequest,
    response: opsChange,
    summary: '一条工会信息变更',
  },
  opsUnionChangeApprove: {
    ...ops('reviewer'),
    path: '/ops/api/union-changes/approve',
    writes: true,
    request: opsUnionChangeDecideRequest,
    response: opsChange,
    summary: '审核通过工会信息变更：变更后的值写入工会信息（note 可选）',
  },
  opsUnionChangeReject: {
    ...ops('reviewer'),
    path: '/ops/api/union-changes/reject',
    writes: true,
    request: opsUnionChangeRejectRequest,
    response: opsChange,
    summary: '驳回工会信息变更（note 写明原因）',
  },
  opsUnionChangeFile: {
    ...ops('reviewer'),
    path: '/ops/api/union-changes/file',
    sealed: 'either',
    writes: false,
    request: opsUnionChangeFileRequest,
    response: fileBytes,
    summary: '下载一条工会信息变更的证明材料（只限该变更的材料；拒绝时返回 code 1 报文）',
  },
});

/** The same contracts under the name the server's modules read. */
export const unionContracts = unionCalls;
