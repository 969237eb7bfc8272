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

export const unionCalls = defineCalls<typeof unionSchemas>({
  sysUserByUact: { ...union, path: ApiPath.sysUserByUact },
  unionInfo: { ...union, path: UnionPath.unionInfo },
  unionInfoSubmit: { ...union, path: UnionPath.unionInfoSubmit },
  unionInfoWithdraw: { ...union, path: UnionPath.unionInfoWithdraw },
  unionChangeList: { ...union, path: UnionPath.unionChangeList },
  unionChangeDetail: { ...union, path: UnionPath.unionChangeDetail },
  unionChangeExport: { ...union, path: UnionPath.unionChangeExport, sealed: 'either' },
  opsUnionChangeList: { ...operator, path: OpsPath.opsUnionChangeList },
  opsUnionChangeDetail: { ...operator, path: OpsPath.opsUnionChangeDetail },
  opsUnionChangeApprove: { ...operator, path: OpsPath.opsUnionChangeApprove },
  opsUnionChangeReject: { ...operator, path: OpsPath.opsUnionChangeReject },
});
