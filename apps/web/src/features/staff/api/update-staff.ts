import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';
import { staffKey } from './staff-page';

export type StaffUpdateForm = CallInput<typeof staffCalls.staffUpdate>;

/** updateStaff: bankCard absent keeps the card on record. */
export const updateStaff = (form: StaffUpdateForm) => request.call(staffCalls.staffUpdate, form).then((a) => a.data);
export const useUpdateStaff = () => useChange(updateStaff, [staffKey]);
