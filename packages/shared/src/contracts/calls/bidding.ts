import { ApiPath } from '../../paths';
import type { biddingSchemas } from '../bidding';
import { defineCalls } from '../define';

/** Public-bidding unit registration (/mining-register): power of attorney, signed scan, registration. */
export const biddingCalls = defineCalls<typeof biddingSchemas>()({
  biddingCheckUnitInfo: { method: 'POST', path: ApiPath.biddingCheckUnitInfo, access: 'public', ipLimit: 'lookup', writes: false },
  powerOfAttorney: { method: 'POST', path: ApiPath.powerOfAttorney, access: 'public', sealed: 'either', writes: false },
  biddingRegister: { method: 'POST', path: ApiPath.biddingRegister, access: 'public', ipLimit: 'write', writes: true },
});
