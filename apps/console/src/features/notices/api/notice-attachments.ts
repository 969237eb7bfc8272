import type { AxiosProgressEvent } from 'axios';
import { opsContentCalls } from '@hall/shared/contracts/ops-content.ts';
import { sendFile } from '@hall/client/upload.ts';
import { useChange } from '@hall/client/use-change.ts';
import { toast } from '../../../lib/feedback';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';
import { noticesKey } from './notice-list';

/** One attachment sent with its progress (multipart: the notice's id, then the file). */
export const sendAttachment = (id: string, file: File, onUploadProgress: (e: AxiosProgressEvent) => void) =>
  sendFile(request, opsContentCalls.opsNoticeAttachmentAdd, file, onUploadProgress, { id });

const remove = ({ id, fileId, name }: { id: string; fileId: string; name: string }) =>
  request.call(opsContentCalls.opsNoticeAttachmentRemove, { id: Number(id), fileId }).then(() => toast.success(`已删除附件：${name}`));

/** 删除 an attachment (its file goes with it). */
export const useRemoveAttachment = () => useChange(remove, [noticesKey]);

/** 下载 an attachment of any notice (a draft's too): the admin's and the auditor's, audited by the server. */
export const downloadAttachment = (id: string, file: { fileId: string; name: string }) =>
  download(opsContentCalls.opsNoticeAttachment, { id: Number(id), fileId: file.fileId }, file.name);
