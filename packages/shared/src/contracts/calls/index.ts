/**
 * Every call's wire half (method, path, sealed, access, needInsured), by name. Free of zod at run
 * time: the portal may import from here (or, better, the one domain file it needs).
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
import { opsClaimCalls } from './ops-claims';
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
import { featureCalls } from './features';

export { opsCalls, todoCalls };
export {
  agentCalls,
  authCalls,
  biddingCalls,
  dictCalls,
  enrolmentCalls,
  fileCalls,
  mailCalls,
  noticeCalls,
  recoveryCalls,
  registrationCalls,
  smsCalls,
  staffCalls,
};
export { homeCalls, participationCalls, payableCalls };
export { claimCalls, opsClaimCalls };
export { opsTreatmentCalls, treatmentCalls };
export { unionCalls };
export { orgCalls };
export { personalCalls };
export { featureCalls };

export const calls = {
  ...authCalls,
  ...dictCalls,
  ...fileCalls,
  ...mailCalls,
  ...noticeCalls,
  ...registrationCalls,
  ...biddingCalls,
  ...agentCalls,
  ...smsCalls,
  ...recoveryCalls,
  ...todoCalls,
  ...opsCalls,
  ...staffCalls,
  ...enrolmentCalls,
  ...payableCalls,
  ...participationCalls,
  ...homeCalls,
  ...claimCalls,
  ...opsClaimCalls,
  ...opsTreatmentCalls,
  ...treatmentCalls,
  ...unionCalls,
  ...orgCalls,
  ...personalCalls,
  ...featureCalls,
};
export type CallName = keyof typeof calls;
