import { fileDownloadRequest } from '../schemas/files';
import { fileBytes, fileInfo } from './answers';
import { defineContracts, post } from './define';

/** Both open to visitors: an upload without a token is a registration attachment; a download without one sees public files only. */
export const fileCalls = defineContracts(['文件'], {
  fileUpload: {
    ...post.public,
    path: '/gob/web/filePublicService/uploadFile',
    sealed: false,
    writes: true,
    response: fileInfo,
    summary: '上传文件（multipart 字段 file；最大 10MB；PDF/OFD/JPG/PNG/Word/Excel）',
    consumes: ['multipart/form-data'],
  },
  fileDownload: {
    ...post.public,
    path: '/gob/web/filePublicService/downloadFileByID',
    sealed: 'either',
    writes: false,
    request: fileDownloadRequest,
    response: fileBytes,
    summary: '下载文件（返回文件内容；拒绝时返回 code 1 报文）',
  },
});

/** The same contracts under the name the server's modules read. */
export const fileContracts = fileCalls;
