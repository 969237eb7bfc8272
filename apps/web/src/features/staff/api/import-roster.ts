import type { AxiosProgressEvent } from 'axios';
import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type RosterPreview = CallData<typeof staffCalls.staffImport>;

/** importRoster: multipart, not sealed; the answer is the preview (nothing is written yet). */
export function importRoster(file: File, onUploadProgress?: (e: AxiosProgressEvent) => void): Promise<RosterPreview> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request
    .call(staffCalls.staffImport, body, { headers: { 'Content-Type': 'multipart/form-data' }, onUploadProgress })
    .then((a) => a.data);
}
