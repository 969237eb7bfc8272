import type { AxiosProgressEvent } from 'axios';
import type { Call, CallData } from '@hall/shared/contracts/define.ts';
import type { RequestClient } from './request';

/**
 * A file sent to a multipart call (not sealed) with its progress: the portal's staged imports and
 * the console's bureau files. The fields go first (the server reads them before the file).
 */
export function sendFile<C extends Call>(
  client: Pick<RequestClient, 'call'>,
  call: C,
  file: File,
  onUploadProgress: (e: AxiosProgressEvent) => void,
  fields: Record<string, string | number | undefined> = {},
): Promise<CallData<C>> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, String(value));
  body.append('file', file, file.name);
  // multipart/form-data keeps axios from turning the FormData into JSON; the browser adds the boundary.
  return client.call(call, body, { headers: { 'Content-Type': 'multipart/form-data' }, onUploadProgress }).then((a) => a.data);
}

/** An upload under way: the bytes sent of the file's; all sent, the server is reading (the rows it has read, once it says). */
export interface UploadState {
  sent: number;
  size: number;
  rows?: number;
}

/** The whole percent sent (100 once all is up, or when the size is unknown). */
export const percentSent = ({ sent, size }: UploadState) => (size ? Math.min(100, Math.floor((sent / size) * 100)) : 100);

/** Bytes as MB with one decimal, as the progress line says them. */
export const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
