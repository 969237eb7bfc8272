import { createBlobFetcher, createDownloader, saveWithLink } from '@hall/client/download.ts';
import { appConfig } from './config';
import { toast } from './feedback';
import { request } from './request';

export { createBlobFetcher, createDownloader, type DownloadDeps, fileNameOf, saveWithLink } from '@hall/client/download.ts';

export const fetchBlob = createBlobFetcher({ http: request.http, envelopeKey: appConfig.envelopeKey });

export const download = createDownloader({
  http: request.http,
  envelopeKey: appConfig.envelopeKey,
  toast,
  saveFile: saveWithLink,
});
