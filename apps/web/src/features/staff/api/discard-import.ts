import { staffCalls } from '@hall/shared/contracts/staff.ts';
import { request } from '../../../lib/request';

/** discardImport: the preview is dropped (silent: closing the dialog needs no toast). */
export const discardImport = (batchId: string) =>
  request.call(staffCalls.staffImportDiscard, { batchId }, { silent: true }).then((a) => a.data);
