import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';
import { staffKey } from './staff-page';

export type StaffAddForm = CallInput<typeof staffCalls.staffAdd>;

/** addStaff: refusals (not insured, employed elsewhere…) come back as the request's toast and a rejection. */
export const addStaff = (form: StaffAddForm) => request.call(staffCalls.staffAdd, form).then((a) => a.data);
export const useAddStaff = () => useChange(addStaff, [staffKey]);
