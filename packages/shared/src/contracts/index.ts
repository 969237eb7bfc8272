/**
 * Every call's whole contract (wire half + schemas), by name: the server registers its routes
 * from these (apps/server/src/lib/route.ts), the OpenAPI document and the tests read them.
 * The portal imports `contracts/calls/*` instead (no zod in its bundle).
 */
import { agentContracts } from './agent';
import { authContracts } from './auth';
import { biddingContracts } from './bidding';
import { claimContracts } from './claims';
import { dictContracts } from './dict';
import { enrolmentContracts } from './enrolment';
import { fileContracts } from './files';
import { homeContracts } from './home';
import { mailContracts } from './mail';
import { noticeContracts } from './notices';
import { opsContracts } from './ops';
import { opsClaimContracts } from './ops-claims';
import { opsTreatmentContracts } from './ops-treatment';
import { orgContracts } from './org';
import { participationContracts } from './participation';
import { payableContracts } from './payable';
import { personalContracts } from './personal';
import { recoveryContracts } from './recovery';
import { registrationContracts } from './registration';
import { smsContracts } from './sms';
import { todoContracts } from './todo';
import { staffContracts } from './staff';
import { treatmentContracts } from './treatment';
import { unionContracts } from './union';
import { featureContracts } from './features';

export * from './define';
export * from './answers';
export * from './calls/index';
export {
  agentContracts,
  authContracts,
  biddingContracts,
  dictContracts,
  enrolmentContracts,
  fileContracts,
  mailContracts,
  noticeContracts,
  recoveryContracts,
  registrationContracts,
  smsContracts,
  staffContracts,
};
export { opsContracts, todoContracts };
export { homeContracts, participationContracts, payableContracts };
export { claimContracts, opsClaimContracts };
export { opsTreatmentContracts, treatmentContracts };
export { unionContracts };
export { orgContracts };
export { personalContracts };
export { featureContracts };

export const contracts = {
  ...authContracts,
  ...dictContracts,
  ...fileContracts,
  ...mailContracts,
  ...noticeContracts,
  ...registrationContracts,
  ...biddingContracts,
  ...agentContracts,
  ...smsContracts,
  ...recoveryContracts,
  ...todoContracts,
  ...opsContracts,
  ...staffContracts,
  ...enrolmentContracts,
  ...payableContracts,
  ...participationContracts,
  ...homeContracts,
  ...claimContracts,
  ...opsClaimContracts,
  ...opsTreatmentContracts,
  ...treatmentContracts,
  ...unionContracts,
  ...orgContracts,
  ...personalContracts,
  ...featureContracts,
};
