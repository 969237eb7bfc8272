import { fileDownloadRequest } from '../schemas/files';
import { download, fileInfo } from './answers';
import { defineContracts, post, upload } from './define';

/** Both open to visitors: an upload without a token is a registration attachment; a download without one sees public files only. */
export const fileCalls = defineContracts(['文件'], {
  fileUpload: {
    ...post.public,
    ...upload,
    path: '/gob/web/filePublicService/uploadFile',
    response: fileInfo,
    summary: '上传文件（multipart 字段 file；最大 10MB；PDF/OFD/JPG/PNG/Word/Excel）',
  },
  fileDownload: {
    ...download.public,
    path: '/gob/web/filePublicService/downloadFileByID',
    request: fileDownloadRequest,
    summary: '下载文件（返回文件内容；拒绝时返回 code 1 报文）',
  },
});

/** The same contracts under the name the server's modules read. */
export const fileContracts = fileCalls;
