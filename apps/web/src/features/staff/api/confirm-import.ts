import { staffCalls } from '@hall/shared/contracts/staff.ts';
import { request } from '../../../lib/request';

/** confirmImport: the preview's valid rows, written at once. */
export const confirmImport = (batchId: string) => request.call(staffCalls.staffImportConfirm, { batchId }).then((a) => a.data);
