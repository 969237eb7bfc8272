import { staffCalls } from '@hall/shared/contracts/staff.ts';
import { request } from '../../../lib/request';

/** queryDataById: one of the unit's staff for the edit form (the phone as entered). */
export const fetchStaff = (id: string) => request.call(staffCalls.staffById, { id }).then((a) => a.data);
