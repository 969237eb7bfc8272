import { fileDownloadRequest } from '../schemas/files';
import { fileBytes, fileInfo } from './answers';
import { fileCalls } from './calls/files';
import { contractsOf, type SchemaMap } from './define';

export const fileSchemas = {
  fileUpload: {
    response: fileInfo,
    summary: '上传文件（multipart 字段 file；最大 10MB；PDF/OFD/JPG/PNG/Word/Excel）',
    consumes: ['multipart/form-data'],
  },
  fileDownload: { request: fileDownloadRequest, response: fileBytes, summary: '下载文件（返回文件内容；拒绝时返回 code 1 报文）' },
} satisfies SchemaMap;

export const fileContracts = contractsOf(fileCalls, fileSchemas, ['文件']);
