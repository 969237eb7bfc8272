import { staffCalls } from '@hall/shared/contracts/staff.ts';
import { request } from '../../../lib/request';
import type { RosterPreview } from './import-roster';

/** importPreview: the preview of a batch still waiting for 确认导入 (reopened from the to-do). */
export const fetchImportPreview = (batchId: string): Promise<RosterPreview> =>
  request.call(staffCalls.staffImportPreview, { batchId }).then((a) => a.data);
