import { OpsPath } from '../../ops-paths';
import type { opsClaimSchemas } from '../ops-claims';
import { defineCalls } from '../define';

/** The operator's side of subsidy claims (市总审核 and payment): operator sessions only. */
const operator = { method: 'POST', access: 'operator' } as const;

export const opsClaimCalls = defineCalls<typeof opsClaimSchemas>()({
  opsClaimList: { ...operator, path: OpsPath.opsClaimList, writes: false },
  opsClaimDetail: { ...operator, path: OpsPath.opsClaimDetail, writes: false },
  opsClaimAttachment: { ...operator, path: OpsPath.opsClaimAttachment, sealed: 'either', writes: false },
  opsClaimApprove: { ...operator, path: OpsPath.opsClaimApprove, writes: true },
  opsClaimReturn: { ...operator, path: OpsPath.opsClaimReturn, writes: true },
  opsClaimRefuse: { ...operator, path: OpsPath.opsClaimRefuse, writes: true },
  opsClaimPay: { ...operator, path: OpsPath.opsClaimPay, writes: true },
});
