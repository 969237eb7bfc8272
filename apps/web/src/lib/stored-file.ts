import { fileCalls } from '@hall/shared/contracts/files.ts';
import { download, fetchBlob } from './download';

/**
 * A stored file (downloadFileByID, answered only to who may see it): saved under its name, or its
 * bytes for a preview. The one fetcher of stored files for components (file-preview) and features.
 */
export const downloadStoredFile = (fileId: string, name: string) => download(fileCalls.fileDownload, { fileId }, name);

export const storedFileBlob = (fileId: string, mime?: string) => fetchBlob(fileCalls.fileDownload, { fileId }, mime);
