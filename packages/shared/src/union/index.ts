/**
 * Union information (基层工会信息, /uniInformationBase) and its change records
 * (/uniInformationEdit): the fields of a level-1 union's record, in the order the page shows
 * them, with their Chinese labels, and the states of a change (issue 10).
 */
import { keysOf } from '../labels';

/** The record's fields (the form, the change's before/after and the export all use these keys), with their labels. */
export const UNION_INFO_LABELS = {
  uniName: '工会名称',
  uscc: '统一社会信用代码',
  legalCertNo: '法人资格证书号',
  legalCertStart: '法人资格证书有效期起',
  legalCertEnd: '法人资格证书有效期止',
  legalName: '法定代表人',
  chairmanName: '工会主席',
  chairmanPhone: '主席联系电话',
  chairmanTermStart: '主席任期起',
  chairmanTermEnd: '主席任期止',
  foundedOn: '成立日期',
  employeeCount: '职工人数',
  femaleCount: '女职工人数',
  memberCount: '会员人数',
  regionCode: '所在地区',
  address: '详细地址',
  postcode: '邮政编码',
  contactName: '联系人',
  contactPhone: '联系电话',
  parentUnion: '上级工会',
  bankName: '开户银行',
  bankAccountName: '账户名称',
  bankAccountNo: '银行账号',
};
export type UnionInfoField = keyof typeof UNION_INFO_LABELS;
export const UNION_INFO_FIELDS = keysOf(UNION_INFO_LABELS);

/** Numbers among the fields (the rest are texts or 'YYYY-MM-DD' days). */
export const UNION_INFO_COUNT_FIELDS: readonly UnionInfoField[] = ['employeeCount', 'femaleCount', 'memberCount'];

/** A record's value: text, day, count; null when not filled. */
export type UnionInfoValue = string | number | null;
export type UnionInfoRecord = Record<UnionInfoField, UnionInfoValue>;

export const UNION_CHANGE_STATE_LABELS = {
  pending: '审核中',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
} as const;
export type UnionChangeState = keyof typeof UNION_CHANGE_STATE_LABELS;
export const UNION_CHANGE_STATES = keysOf(UNION_CHANGE_STATE_LABELS);

export const UNION_MESSAGES = {
  levelOnly: '基层工会信息仅限一级工会账号使用',
  reportLevelOnly: '本工会统计报表仅限一级工会账号查看',
  unitOnly: '请使用一级工会的单位账号登录后办理',
  pendingExists: '已有一条审核中的变更，请等待审核或撤回后再提交',
  nothingChanged: '没有修改任何信息，无需提交',
  changeNotFound: '变更记录不存在',
  notPending: '该变更已不是审核中，不能再办理',
  rejectNote: '请填写驳回原因',
  femaleOverEmployees: '女职工人数不能大于职工人数',
  membersOverEmployees: '会员人数不能大于职工人数',
  foundedFuture: '成立日期不能晚于今天',
  bankAccountNo: '请输入正确的银行账号（10-30位数字）',
  sysUserRefused: '只能查询本单位或本工会下属单位的账号信息',
  sysUserNotFound: '账号不存在',
  fileNotOwn: '证明材料不存在或不是本工会上传的，请重新上传',
  filesMax: '证明材料最多10个',
  changeFileNotFound: '该变更没有这份证明材料',
} as const;

/** Documents a change may carry (选举批复 and the like): at most this many, of the material types (MATERIAL_TYPES). */
export const UNION_CHANGE_FILES_MAX = 10;

/** 银行账号: digits, spaces allowed between groups; 10–30 digits once spaces are taken out. */
export const normalizeAccountNo = (v: string) => v.replace(/[\s-]/g, '');
export function checkBankAccountNo(v: unknown): string | null {
  if (v === null || v === undefined || String(v).trim() === '') return null;
  return /^\d{10,30}$/.test(normalizeAccountNo(String(v))) ? null : UNION_MESSAGES.bankAccountNo;
}

/** How a value reads in the change records and the export (counts as numbers, null as —). */
export const unionValueText = (v: UnionInfoValue | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));
