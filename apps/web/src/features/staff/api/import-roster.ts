import type { AxiosProgressEvent } from 'axios';
import { UPLOAD_ID_HEADER } from '@hall/shared/constants.ts';
import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type RosterPreview = CallData<typeof staffCalls.staffImport>;

/**
 * importRoster: multipart, not sealed; the answer is the preview (nothing is written yet). The
 * upload is named (UPLOAD_ID_HEADER) so that `rosterRowsRead` can follow its check.
 */
export function importRoster(file: File, onUploadProgress?: (e: AxiosProgressEvent) => void, uploadId?: string): Promise<RosterPreview> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers = { 'Content-Type': 'multipart/form-data', ...(uploadId ? { [UPLOAD_ID_HEADER]: uploadId } : {}) };
  return request.call(staffCalls.staffImport, body, { headers, onUploadProgress }).then((a) => a.data);
}

/** importProgress: the rows read so far of the named upload (silent: a missed poll is no news). */
export const rosterRowsRead = (uploadId: string) =>
  request.call(staffCalls.staffImportProgress, { uploadId }, { silent: true }).then((a) => a.data.rows);
