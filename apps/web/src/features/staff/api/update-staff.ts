import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type StaffUpdateForm = CallInput<typeof staffCalls.staffUpdate>;

/** updateStaff: bankCard absent keeps the card on record. */
export const updateStaff = (form: StaffUpdateForm) => request.call(staffCalls.staffUpdate, form).then((a) => a.data);
