import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type StaffLeaveForm = CallInput<typeof staffCalls.staffLeave>;

/** leaveStaff (减员). Silent: the page sums up a batch's outcomes itself. */
export const leaveStaff = (form: StaffLeaveForm, opts: { silent?: boolean } = {}) =>
  request.call(staffCalls.staffLeave, form, { silent: opts.silent }).then((a) => a.data);
