import { OpsPath } from '../../ops-paths';
import type { opsClaimSchemas } from '../ops-claims';
import { defineCalls } from '../define';

/** The operator's side of subsidy claims (市总审核 and payment): operator sessions only. */
const operator = { method: 'POST', access: 'operator' } as const;

export const opsClaimCalls = defineCalls<typeof opsClaimSchemas>({
  opsClaimList: { ...operator, path: OpsPath.opsClaimList },
  opsClaimDetail: { ...operator, path: OpsPath.opsClaimDetail },
  opsClaimAttachment: { ...operator, path: OpsPath.opsClaimAttachment, sealed: 'either' },
  opsClaimApprove: { ...operator, path: OpsPath.opsClaimApprove },
  opsClaimReturn: { ...operator, path: OpsPath.opsClaimReturn },
  opsClaimRefuse: { ...operator, path: OpsPath.opsClaimRefuse },
  opsClaimPay: { ...operator, path: OpsPath.opsClaimPay },
});
