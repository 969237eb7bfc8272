/**
 * The calls of union information and its change records (issue 10), portal and operator, in a
 * module of their own like BenefitPath: the first screens do not carry them. The spec's own call
 * (BasUniInfo/getSysUserByUact) stays in ApiPath.
 */
export const UnionPath = {
  unionInfo: '/gob/web/BasUniInfo/queryInfo',
  unionInfoSubmit: '/gob/web/BasUniInfo/submitChange',
  unionInfoWithdraw: '/gob/web/BasUniInfo/withdrawChange',
  unionChangeList: '/gob/web/BasUniInfo/changeList',
  unionChangeDetail: '/gob/web/BasUniInfo/changeDetail',
  unionChangeExport: '/gob/web/BasUniInfo/exportChanges',
  opsUnionChangeList: '/ops/api/union-changes/list',
  opsUnionChangeDetail: '/ops/api/union-changes/detail',
  opsUnionChangeApprove: '/ops/api/union-changes/approve',
  opsUnionChangeReject: '/ops/api/union-changes/reject',
} as const;
