import { z } from 'zod';
import type { FileInfo } from './files';
import { pageQuery } from './common';

export type NoticeKind = 'notice' | 'policy';

/** POST …/noticeAnnouncementService/getPageList and …/policyDocumentService/getPageList. */
export const noticePageRequest = pageQuery.extend({
  title: z.string().trim().max(100, '字段长度不能超过100').optional(),
});
export type NoticePageRequest = z.input<typeof noticePageRequest>;

/** …/queryDataById {id} */
export const noticeByIdRequest = z.object({
  id: z.union([z.string(), z.number()], { error: '请选择公告' }).transform((v) => String(v).trim()),
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
