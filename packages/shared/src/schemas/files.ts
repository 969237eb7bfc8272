import { z } from 'zod';
import { fileIdField } from './fields';

/** POST …/filePublicService/downloadFileByID {fileId}: the bytes, or an envelope with code 1. */
export const fileDownloadRequest = z.object({ fileId: fileIdField('文件不存在或无权下载') });
export type FileDownloadRequest = z.infer<typeof fileDownloadRequest>;

/** Answer of …/uploadFile (multipart field `file`) and one attachment of a notice. */
export interface FileInfo {
  fileId: string;
  name: string;
  size: number;
}

export const FILE_MESSAGES = {
  tooLarge: '文件大小不能超过10MB',
  typeNotAllowed: '文件类型不允许：仅支持 PDF、OFD、JPG、PNG、Word、Excel',
  empty: '请选择要上传的文件',
  notFound: '文件不存在或无权下载',
} as const;

/** What the upload accepts, by content (magic bytes) and matching extension. */
export const FILE_EXTENSIONS = ['.pdf', '.ofd', '.jpg', '.jpeg', '.png', '.docx', '.xlsx'] as const;
