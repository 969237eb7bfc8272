import { z } from 'zod';
import { fileIdField } from './fields';

/** POST …/filePublicService/downloadFileByID {fileId}: the bytes, or an envelope with code 1. */
export const fileDownloadRequest = z.object({ fileId: fileIdField('文件不存在或无权下载') });

export * from '../files/index';
