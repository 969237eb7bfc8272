import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import { request } from '../../../lib/request';

/** submit: a draft or returned application goes to review (or straight to 待缴费). */
export const submitApplication = (id: number) => request.call(enrolmentCalls.applySubmit, { id }).then((a) => a.data);
