import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

/** create: a new draft (待提交) of a period and kind. */
export const createApplication = (input: CallInput<typeof enrolmentCalls.applyCreate>) =>
  request.call(enrolmentCalls.applyCreate, input).then((a) => a.data);
