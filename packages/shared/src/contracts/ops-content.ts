import { z } from 'zod';
import { NOTICE_ATTACHMENTS_MAX } from '../constants';
import { requiredText } from '../schemas/common';
import { idField } from '../schemas/ids';
import { fileBytes, fileInfo, nothing } from './answers';
import { defineContracts, ops, upload } from './define';

/*
 * The back office's content (issue 19): a notice or policy document read whole for editing, its
 * attachments added and removed, a saved draft published; a message to a union and all its units.
 * The administrator writes; the auditor reads what changes nothing (a notice whole, its attachments).
 */

const noticeId = idField('公告编号不正确');

/** A message to a union and its units: the union by its account. */
export const unionMessageFields = z.object({
  union: requiredText('工会账号', 20).describe('一级工会的单位账号'),
  title: requiredText('消息标题', 100),
  content: requiredText('消息正文', 2000),
});

export const opsContentCalls = defineContracts(['操作员'], {
  opsNoticeDetail: {
    ...ops('admin'),
    path: '/ops/api/notices/detail',
    writes: false,
    request: z.object({ id: noticeId }),
    response: z.strictObject({
      id: z.string(),
      kind: z.enum(['notice', 'policy']),
      title: z.string(),
      content: z.string().describe('正文全文（纯文本）'),
      status: z.enum(['draft', 'published', 'withdrawn']),
      publisher: z.string(),
      publishedAt: z.string().nullable(),
      attachments: z.array(fileInfo),
    }),
    summary: '一条通知公告或政策文件的全文和附件（含草稿和已撤回），修改时读取',
  },
  opsNoticeAttachment: {
    ...ops('admin'),
    path: '/ops/api/notices/attachment',
    sealed: 'either',
    writes: false,
    request: z.object({ id: noticeId, fileId: z.string({ error: '请选择附件' }).uuid('附件不存在') }),
    response: fileBytes,
    summary: '下载通知公告或政策文件的一个附件（含草稿和已撤回公告的附件；下载留痕）',
  },
  opsNoticeDraftPublish: {
    ...ops('admin'),
    path: '/ops/api/notices/draft/publish',
    writes: true,
    request: z.object({ id: noticeId }),
    response: nothing,
    summary: '发布已保存的草稿（连同附件在门户显示）',
  },
  /** Multipart: the field `id` (the notice) before the field `file`. */
  opsNoticeAttachmentAdd: {
    ...ops('admin'),
    ...upload,
    path: '/ops/api/notices/attachments/add',
    response: fileInfo,
    summary: `为通知公告或政策文件添加附件（multipart：先字段 id，再字段 file；PDF、OFD、JPG、PNG、Word、Excel，每个不超过10MB，每条最多 ${NOTICE_ATTACHMENTS_MAX} 个；草稿的附件在发布后才可公开下载）`,
  },
  opsNoticeAttachmentRemove: {
    ...ops('admin'),
    path: '/ops/api/notices/attachments/remove',
    writes: true,
    request: z.object({ id: noticeId, fileId: z.string({ error: '请选择附件' }).uuid('附件不存在') }),
    response: nothing,
    summary: '删除通知公告或政策文件的一个附件（文件一并删除）',
  },
  opsUnionFind: {
    ...ops('admin'),
    path: '/ops/api/mail/unions',
    writes: false,
    request: z.object({ keyword: requiredText('工会账号或名称', 40) }),
    response: z.strictObject({
      list: z.array(
        z.strictObject({
          uact: z.string(),
          name: z.string(),
          units: z.number().int().describe('已注册的单位数（工会本身及其下属单位）：群发消息的收件单位数'),
        }),
      ),
    }),
    summary: '查找一级工会（账号精确或名称的一部分，最多 20 个），选择群发消息的工会',
  },
  opsMailSendUnion: {
    ...ops('admin'),
    path: '/ops/api/mail/send-union',
    writes: true,
    request: unionMessageFields,
    response: z.strictObject({
      uact: z.string(),
      name: z.string().describe('工会名称'),
      title: z.string(),
      count: z.number().int().describe('收到消息的单位数（工会本身及其下属单位）'),
    }),
    summary: '发送站内信给一个一级工会及其全部下属单位（已注册的单位账号；发件人为市总工会）',
  },
});

/** The same contracts under the name the server's modules read. */
export const opsContentContracts = opsContentCalls;
