import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import { request } from '../../../lib/request';

/** cancel: before payment, with the clerk's note. */
export const cancelApplication = (id: number, note?: string) => request.call(enrolmentCalls.applyCancel, { id, note }).then((a) => a.data);
