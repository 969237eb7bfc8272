/*
 * File downloads of contracts whose answer is the file (R55), shared by the portal and the console:
 * each binds it to its own request client, envelope key and toast (apps/web and apps/console
 * lib/download.ts).
 */
import type { AxiosInstance } from 'axios';
import { DOWNLOAD_TIMEOUT_MS, TOAST_DURATION_MS } from '@hall/shared/constants.ts';
import type { Call, CallInput } from '@hall/shared/contracts/define.ts';
import { open } from '@hall/shared/envelope/index.ts';
import { displayMessage } from './answer-message.ts';

export interface DownloadDeps {
  http: AxiosInstance;
  envelopeKey: string;
  toast: { error(text: string, seconds: number): void };
  saveFile(blob: Blob, fileName: string): void;
}

/** Saves a blob through a temporary link (the browser's own download UI). */
export function saveWithLink(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** File name from Content-Disposition (RFC 5987 filename* first), else the fallback. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (extended) return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? decodeURIComponent(plain[1]) : fallback;
}

/** A refusal arrives as a JSON envelope instead of the file: surface its message. */
async function refusalOf(blob: Blob, envelopeKey: string): Promise<string | null> {
  if (!blob.type.includes('json')) return null;
  try {
    const body = JSON.parse(await blob.text()) as { code?: number; message?: string; data?: string };
    if (body.code === 0 && typeof body.data === 'string') open(body.data, envelopeKey);
    return body.code === 0 ? null : displayMessage(body.message) || '文件不存在';
  } catch {
    return null;
  }
}

/**
 * Binary downloads (R55) of a contract whose answer is the file: the body as the contract says (plain for the spec's downloads), 5 s timeout, blob answer; any failure shows
 * 下载失败：{error} for 5 s and rejects.
 */
export function createDownloader(deps: DownloadDeps) {
  return async function download<C extends Call>(call: C, body: CallInput<C>, fallbackName: string): Promise<void> {
    try {
      const response = await deps.http.post<Blob>(call.path, body, {
        responseType: 'blob',
        timeout: DOWNLOAD_TIMEOUT_MS,
        call,
        silent: true, // one toast only: the download failure below
      });
      const refusal = await refusalOf(response.data, deps.envelopeKey);
      if (refusal) throw new Error(refusal);
      const disposition = response.headers['content-disposition'] as string | undefined;
      deps.saveFile(response.data, fileNameOf(disposition, fallbackName));
    } catch (error) {
      deps.toast.error('下载失败：' + (error as Error).message, TOAST_DURATION_MS / 1000);
      throw error;
    }
  };
}

/**
 * The bytes of a file download call, to show in the page (an image, a PDF) rather than save: the
 * same request as a download (plain or sealed as the contract says, 5 s); a refusal rejects with
 * its message. The caller makes and revokes the object URL.
 */
export function createBlobFetcher(deps: Pick<DownloadDeps, 'http' | 'envelopeKey'>) {
  return async function fetchBlob<C extends Call>(call: C, body: CallInput<C>, type?: string): Promise<Blob> {
    const response = await deps.http.post<Blob>(call.path, body, {
      responseType: 'blob',
      timeout: DOWNLOAD_TIMEOUT_MS,
      call,
      silent: true,
    });
    const refusal = await refusalOf(response.data, deps.envelopeKey);
    if (refusal) throw new Error(refusal);
    return type ? new Blob([response.data], { type }) : response.data;
  };
}
