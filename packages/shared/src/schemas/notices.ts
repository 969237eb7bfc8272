import { z } from 'zod';
import type { FileInfo } from './files';
import { pageQuery } from './common';
import { idField } from './ids';

export type NoticeKind = 'notice' | 'policy';

/** POST …/noticeAnnouncementService/getPageList and …/policyDocumentService/getPageList. */
export const noticePageRequest = pageQuery.extend({
  title: z.string().trim().max(100, '字段长度不能超过100').optional(),
});

/** …/queryDataById {id}: handed on as the digits (the service's lookup takes text). */
export const noticeByIdRequest = z.object({
  id: idField('公告不存在或已撤回').transform(String),
});

export interface NoticeListItem {
  id: string;
  title: string;
  publisher: string;
  /** ISO timestamp */
  publishedAt: string;
  attachmentCount: number;
}

export interface NoticeDetail extends Omit<NoticeListItem, 'attachmentCount'> {
  kind: NoticeKind;
  /** Plain text; paragraphs are separated by line breaks. Never HTML: render it as text. */
  content: string;
  /** The content split into paragraphs, for rendering without any markup. */
  paragraphs: string[];
  attachments: FileInfo[];
}
