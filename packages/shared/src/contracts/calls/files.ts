import { ApiPath } from '../../paths';
import type { fileSchemas } from '../files';
import { defineCalls } from '../define';

/** Both open to visitors: an upload without a token is a registration attachment; a download without one sees public files only. */
export const fileCalls = defineCalls<typeof fileSchemas>()({
  fileUpload: { method: 'POST', path: ApiPath.fileUpload, access: 'public', sealed: false, writes: true },
  fileDownload: { method: 'POST', path: ApiPath.fileDownload, access: 'public', sealed: 'either', writes: false },
});
