/**
 * The calls of union information and its change records (issue 10), portal side, in a
 * module of their own like BenefitPath: the first screens do not carry them. The spec's own call
 * (BasUniInfo/getSysUserByUact) stays in ApiPath, the operator's review in OpsPath.
 */
export const UnionPath = {
  unionInfo: '/gob/web/BasUniInfo/queryInfo',
  unionInfoSubmit: '/gob/web/BasUniInfo/submitChange',
  unionInfoWithdraw: '/gob/web/BasUniInfo/withdrawChange',
  unionChangeList: '/gob/web/BasUniInfo/changeList',
  unionChangeDetail: '/gob/web/BasUniInfo/changeDetail',
  unionChangeExport: '/gob/web/BasUniInfo/exportChanges',
} as const;
