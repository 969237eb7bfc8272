import { noticeCalls } from '@hall/shared/contracts/notices.ts';
import type { FileInfo } from '@hall/shared/files/index.ts';
import type { NoticeDetail, NoticeKind } from '@hall/shared/schemas/notices.ts';
import { request } from '../../../lib/request';
import { downloadStoredFile } from '../../../lib/stored-file';
import { useChange } from '../../../lib/use-change';

/** The notices pages' own calls; the list and the paths, shared with the gateway, are in lib/notices.ts. */
export type { NoticeDetail };

const BY_ID_CALL = { notice: noticeCalls.noticeById, policy: noticeCalls.policyById } as const;

/** One item; a withdrawn or unknown id is refused (公告不存在或已撤回), shown by the caller. */
export const fetchNoticeDetail = (kind: NoticeKind, id: string) =>
  request.call(BY_ID_CALL[kind], { id }, { silent: true }).then((a) => a.data);

/** An attachment's bytes (downloadFileByID, sent plain); a failure shows 下载失败：… */
export const useDownloadAttachment = () => useChange((file: FileInfo) => downloadStoredFile(file.fileId, file.name));
