import { ApiPath } from '../../paths';
import { OpsPath } from '../../ops-paths';
import { UnionPath } from '../../union-paths';
import type { unionSchemas } from '../union';
import { defineCalls } from '../define';

/**
 * Union information (/uniInformationBase) and its change records (/uniInformationEdit): level-1
 * union accounts, no insurance registration needed (spec §2); the service refuses other units.
 * The operator's review of the changes: operator sessions only. getSysUserByUact: any unit.
 */
const union = { method: 'POST', access: 'unit' } as const;
const operator = { method: 'POST', access: 'operator' } as const;

export const unionCalls = defineCalls<typeof unionSchemas>()({
  sysUserByUact: { ...union, path: ApiPath.sysUserByUact, writes: false },
  unionInfo: { ...union, path: UnionPath.unionInfo, writes: false },
  unionInfoSubmit: { ...union, path: UnionPath.unionInfoSubmit, writes: true },
  unionInfoWithdraw: { ...union, path: UnionPath.unionInfoWithdraw, writes: true },
  unionChangeList: { ...union, path: UnionPath.unionChangeList, writes: false },
  unionChangeDetail: { ...union, path: UnionPath.unionChangeDetail, writes: false },
  unionChangeExport: { ...union, path: UnionPath.unionChangeExport, sealed: 'either', writes: false },
  opsUnionChangeList: { ...operator, path: OpsPath.opsUnionChangeList, writes: false },
  opsUnionChangeDetail: { ...operator, path: OpsPath.opsUnionChangeDetail, writes: false },
  opsUnionChangeApprove: { ...operator, path: OpsPath.opsUnionChangeApprove, writes: true },
  opsUnionChangeReject: { ...operator, path: OpsPath.opsUnionChangeReject, writes: true },
  opsUnionChangeFile: { ...operator, path: OpsPath.opsUnionChangeFile, sealed: 'either', writes: false },
});
