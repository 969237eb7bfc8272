/**
 * Every call's contract, by name: the server registers its routes from these
 * (apps/server/src/lib/route.ts), the OpenAPI document and the tests read them. The portal imports
 * the one domain module it needs (`@hall/shared/contracts/<domain>.ts`); its build keeps only
 * the wire part (apps/web/scripts/contract-wires.mjs). Every domain module is re-exported here
 * whole: that build finds a module's calls through this index.
 */
import { agentCalls } from './agent';
import { authCalls } from './auth';
import { biddingCalls } from './bidding';
import { claimCalls } from './claims';
import { dictCalls } from './dict';
import { enrolmentCalls } from './enrolment';
import { fileCalls } from './files';
import { homeCalls } from './home';
import { mailCalls } from './mail';
import { noticeCalls } from './notices';
import { opsCalls } from './ops';
import { opsAccountCalls } from './ops-accounts';
import { opsAdminCalls } from './ops-admin';
import { opsClaimCalls } from './ops-claims';
import { opsContentCalls } from './ops-content';
import { opsMoneyCalls } from './ops-money';
import { opsReportCalls } from './ops-reports';
import { opsTreatmentCalls } from './ops-treatment';
import { orgCalls } from './org';
import { participationCalls } from './participation';
import { payableCalls } from './payable';
import { personalCalls } from './personal';
import { recoveryCalls } from './recovery';
import { registrationCalls } from './registration';
import { smsCalls } from './sms';
import { todoCalls } from './todo';
import { staffCalls } from './staff';
import { treatmentCalls } from './treatment';
import { unionCalls } from './union';
import { unionReportCalls } from './union-reports';
import { featureCalls } from './features';

export * from './define';
export * from './answers';
export * from './agent';
export * from './auth';
export * from './bidding';
export * from './claims';
export * from './dict';
export * from './enrolment';
export * from './files';
export * from './home';
export * from './mail';
export * from './notices';
export * from './ops';
export * from './ops-accounts';
export * from './ops-admin';
export * from './ops-claims';
export * from './ops-content';
export * from './ops-money';
export * from './ops-reports';
export * from './ops-treatment';
export * from './org';
export * from './participation';
export * from './payable';
export * from './personal';
export * from './recovery';
export * from './registration';
export * from './sms';
export * from './todo';
export * from './staff';
export * from './treatment';
export * from './union';
export * from './union-reports';
export * from './features';

/** Every call, by name (each one's whole contract). */
export const calls = {
  ...agentCalls,
  ...authCalls,
  ...biddingCalls,
  ...claimCalls,
  ...dictCalls,
  ...enrolmentCalls,
  ...fileCalls,
  ...homeCalls,
  ...mailCalls,
  ...noticeCalls,
  ...opsCalls,
  ...opsAccountCalls,
  ...opsAdminCalls,
  ...opsClaimCalls,
  ...opsContentCalls,
  ...opsMoneyCalls,
  ...opsReportCalls,
  ...opsTreatmentCalls,
  ...orgCalls,
  ...participationCalls,
  ...payableCalls,
  ...personalCalls,
  ...recoveryCalls,
  ...registrationCalls,
  ...smsCalls,
  ...todoCalls,
  ...staffCalls,
  ...treatmentCalls,
  ...unionCalls,
  ...unionReportCalls,
  ...featureCalls,
};
export type CallName = keyof typeof calls;

/** The same map under the name the server reads. */
export const contracts = calls;
