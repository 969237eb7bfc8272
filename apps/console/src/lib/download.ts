import { createDownloader, saveWithLink } from '@hall/client/download.ts';
import { consoleConfig } from './config';
import { toast } from './feedback';
import { request } from './request';

/** A file download of an operator call (an export): saved by the browser; a refusal is the toast 下载失败：… */
export const download = createDownloader({
  http: request.http,
  envelopeKey: consoleConfig.envelopeKey,
  toast,
  saveFile: saveWithLink,
});
