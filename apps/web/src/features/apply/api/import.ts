import type { AxiosProgressEvent } from 'axios';
import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type ImportPreview = CallData<typeof enrolmentCalls.applyImport>;

/** applyHelpImport: multipart, not sealed; the fields go before the file (the server reads them first). */
export function uploadApplyImport(input: {
  periodYear: number;
  kind: 'new' | 'add';
  applicationId?: number;
  file: File;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
}): Promise<ImportPreview> {
  const body = new FormData();
  body.append('periodYear', String(input.periodYear));
  body.append('kind', input.kind);
  if (input.applicationId) body.append('applicationId', String(input.applicationId));
  body.append('file', input.file, input.file.name);
  // multipart/form-data keeps axios from turning the FormData into JSON; the browser adds the boundary.
  return request
    .call(enrolmentCalls.applyImport, body, {
      headers: { 'Content-Type': 'multipart/form-data' },
      onUploadProgress: input.onUploadProgress,
    })
    .then((a) => a.data);
}
