import type { AxiosProgressEvent } from 'axios';
import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { Call, CallData } from '@hall/shared/contracts/define.ts';
import { sendFile } from '@hall/client/upload.ts';
import { request } from './request';

/**
 * A staged import's file sent (multipart, not sealed): the call's fields first (the server reads
 * them before the file), then the upload's name `uploadId` (under which the server counts the rows
 * it reads, lib/staged-import.ts), then the file. The answer is the preview: nothing is written yet.
 */
export function sendStaged<C extends Call>(
  call: C,
  file: File,
  onUploadProgress: (e: AxiosProgressEvent) => void,
  uploadId: string,
  fields: Record<string, string | number | undefined> = {},
): Promise<CallData<C>> {
  return sendFile(request, call, file, onUploadProgress, { ...fields, uploadId });
}

/**
 * The rows read so far of the named upload, of any import of the unit (the call is the roster's by
 * name); silent: a missed poll is no news.
 */
export const rowsRead = (uploadId: string) =>
  request.call(staffCalls.staffImportProgress, { uploadId }, { silent: true }).then((a) => a.data.rows);
