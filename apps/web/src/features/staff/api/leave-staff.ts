import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';
import { staffKey } from './staff-page';
import { batchLeaveStaff } from './batch-leave';

export type StaffLeaveForm = CallInput<typeof staffCalls.staffLeave>;

/** leaveStaff (减员). Silent: the page sums up a batch's outcomes itself. */
export const leaveStaff = (form: StaffLeaveForm, opts: { silent?: boolean } = {}) =>
  request.call(staffCalls.staffLeave, form, { silent: opts.silent }).then((a) => a.data);

/** 减员 of one (leaveStaff) or several at once (批量减员: all or none). */
export const useLeaveStaff = () =>
  useChange(
    ({ ids, ...form }: { ids: string[] } & Omit<StaffLeaveForm, 'id'>) =>
      ids.length === 1
        ? leaveStaff({ id: ids[0], ...form }).then(() => undefined)
        : batchLeaveStaff({ ids, ...form }).then(() => undefined),
    [staffKey],
  );
