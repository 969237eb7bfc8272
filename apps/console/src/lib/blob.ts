import { DOWNLOAD_TIMEOUT_MS } from '@hall/shared/constants.ts';
import type { Call, CallInput } from '@hall/shared/contracts/define.ts';
import { displayMessage } from '@hall/client/answer-message.ts';
import { request } from './request';

/** A refusal arrives as a JSON envelope instead of the file: its message, or null for a file. */
async function refusalOf(blob: Blob): Promise<string | null> {
  if (!blob.type.includes('json')) return null;
  try {
    const body = JSON.parse(await blob.text()) as { code?: number; message?: string };
    return body.code === 0 ? null : displayMessage(body.message) || '文件不存在';
  } catch {
    return null;
  }
}

/**
 * The bytes of a file call, to show in the page (an image, a PDF), never saved: the operator's
 * token goes with the request (a plain <img src> could not carry it). The caller makes and
 * revokes the object URL. A refusal rejects with its message.
 */
export async function fetchBlob<C extends Call>(call: C, body: CallInput<C>, type?: string): Promise<Blob> {
  const response = await request.http.post<Blob>(call.path, body, {
    responseType: 'blob',
    timeout: DOWNLOAD_TIMEOUT_MS,
    call,
    silent: true,
  });
  const refusal = await refusalOf(response.data);
  if (refusal) throw new Error(refusal);
  return type ? new Blob([response.data], { type }) : response.data;
}
