import type { claimCalls } from '@hall/shared/contracts/claims.ts';
import { fileCalls } from '@hall/shared/contracts/files.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { downloadStoredFile } from '../../../lib/stored-file';
import { FILER_CALLS, type FilerRole } from './roles';

export type AttachInput = CallInput<typeof claimCalls.claimAttach>;
export type Attachments = CallData<typeof claimCalls.claimAttach>;

/** uploadFile (multipart, not sealed), then attach: the upload is the caller's own. */
export async function uploadAndAttach(role: FilerRole, claimId: number, kind: AttachInput['kind'], file: File, replaceId?: number) {
  const body = new FormData();
  body.append('file', file, file.name);
  const uploaded = await request.call(fileCalls.fileUpload, body, { headers: { 'Content-Type': 'multipart/form-data' } });
  return request.call(FILER_CALLS[role].attach, { claimId, kind, fileId: uploaded.data.fileId, replaceId }).then((a) => a.data);
}

/** detach: removes an attachment while the claim is editable. */
export const detachAttachment = (role: FilerRole, claimId: number, attachmentId: number) =>
  request.call(FILER_CALLS[role].detach, { claimId, attachmentId }).then((a) => a.data);

/** downloadFileByID: whoever may see the claim may read its attachments. */
export const downloadAttachment = downloadStoredFile;
