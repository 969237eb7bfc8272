import { z } from 'zod';
import { noticeByIdRequest, noticePageRequest } from '../schemas/notices';
import { fileInfo, pageOf } from './answers';
import { defineContracts, post } from './define';

const listItem = z.strictObject({
  id: z.string(),
  title: z.string(),
  publisher: z.string(),
  publishedAt: z.string(),
  attachmentCount: z.number().int(),
});
const detail = z.strictObject({
  id: z.string(),
  kind: z.enum(['notice', 'policy']),
  title: z.string(),
  content: z.string().describe('纯文本，段落以换行分隔；不是 HTML'),
  paragraphs: z.array(z.string()),
  publisher: z.string(),
  publishedAt: z.string(),
  attachments: z.array(fileInfo),
});
const page = (label: string) => ({
  request: noticePageRequest,
  response: pageOf(listItem),
  summary: `${label}分页（按标题搜索，最新在前）`,
});
const byId = (label: string) => ({ request: noticeByIdRequest, response: detail, summary: `${label}详情（含附件）` });

/** Notices and policy documents on the gateway: public, published items only. */
export const noticeCalls = defineContracts(['通知公告与政策文件'], {
  noticePage: {
    ...post.public,
    path: '/gob/web/noticeAnnouncementService/getPageList',
    writes: false,
    ...page('通知公告'),
  },
  noticeById: {
    ...post.public,
    path: '/gob/web/noticeAnnouncementService/queryDataById',
    writes: false,
    ...byId('通知公告'),
  },
  policyPage: {
    ...post.public,
    path: '/gob/web/policyDocumentService/getPageList',
    writes: false,
    ...page('政策文件'),
  },
  policyById: {
    ...post.public,
    path: '/gob/web/policyDocumentService/queryDataById',
    writes: false,
    ...byId('政策文件'),
  },
});

/** The same contracts under the name the server's modules read. */
export const noticeContracts = noticeCalls;
