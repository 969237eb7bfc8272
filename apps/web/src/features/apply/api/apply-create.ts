import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

/** create: a new draft (待提交) of a period and kind. */
export const createApplication = (input: CallInput<typeof enrolmentCalls.applyCreate>) =>
  request.call(enrolmentCalls.applyCreate, input).then((a) => a.data);
export const useCreateApplication = () => useChange(createApplication);
