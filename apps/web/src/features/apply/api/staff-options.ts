import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useAsked } from '../../../lib/use-asked';

export type StaffQuery = CallInput<typeof enrolmentCalls.applyStaffOptions>;

/** staffOptions: the unit's current staff to add, with the products each already holds. */
export const fetchStaffOptions = (query: StaffQuery) => request.call(enrolmentCalls.applyStaffOptions, query).then((a) => a.data);
export const staffOptionsKey = ['apply', 'staff'] as const;
export const useStaffOptions = (query: StaffQuery | null) => useAsked(staffOptionsKey, fetchStaffOptions, query);
