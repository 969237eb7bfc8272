import { featureCalls } from '@hall/shared/contracts/features.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type StaffBatchLeaveForm = CallInput<typeof featureCalls.staffBatchLeave>;

/** 批量减员 (flag batch): one call, one transaction; a refusal names the staff who cannot leave and changes nothing. */
export const batchLeaveStaff = (form: StaffBatchLeaveForm) => request.call(featureCalls.staffBatchLeave, form).then((a) => a.data);
