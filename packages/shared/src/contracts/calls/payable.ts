import { ApiPath } from '../../paths';
import type { payableSchemas } from '../payable';
import { defineCalls } from '../define';

/** /payment 应缴金额: the calling unit's own applications only; needInsured like the page. */
export const payableCalls = defineCalls<typeof payableSchemas>()({
  payableList: { method: 'POST', path: ApiPath.payableList, access: 'unit', needInsured: true, writes: false },
  paymentNotice: { method: 'POST', path: ApiPath.paymentNotice, access: 'unit', needInsured: true, writes: false },
});
