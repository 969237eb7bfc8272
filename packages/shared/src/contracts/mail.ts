import { z } from 'zod';
import { mailPageRequest, mailReadAllRequest, mailReadRequest } from '../schemas/mail';
import { nothing, pageOf } from './answers';
import { defineContracts, post } from './define';

const mailMessage = z.strictObject({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  sender: z.string(),
  readFlag: z.enum(['0', '1']),
  createdAt: z.string(),
});

export const mailCalls = defineContracts(['站内信'], {
  mailPage: {
    ...post.any,
    path: '/gob/web/mailMsgDService/getPageList',
    writes: false,
    request: mailPageRequest,
    response: pageOf(mailMessage),
    summary: '收件箱分页（readFlag 0 未读；data.totlCnt 为总数）',
  },
  mailRead: {
    ...post.any,
    path: '/gob/web/mailMsgDService/updateDataByID',
    writes: true,
    request: mailReadRequest,
    response: nothing,
    summary: '标记消息已读',
  },
  mailReadAll: {
    ...post.any,
    path: '/gob/web/mailMsgDService/updateReadAll',
    writes: true,
    request: mailReadAllRequest,
    response: z.strictObject({ updated: z.number().int().describe('本次由未读变为已读的条数') }),
    summary: '批量标为已读（{ids} 所选消息，或 {all: true} 全部未读消息；仅限本人的消息）',
  },
});

/** The same contracts under the name the server's modules read. */
export const mailContracts = mailCalls;
