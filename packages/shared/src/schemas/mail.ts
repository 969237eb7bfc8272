import { z } from 'zod';
import { pageQuery } from './common';

/** POST /gob/web/mailMsgDService/getPageList: readFlag '0' unread, '1' read, absent = all. */
export const mailPageRequest = pageQuery.extend({
  readFlag: z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.literal('')]).optional()
    .transform((v) => (v === '' || v === undefined ? undefined : String(v) as '0' | '1')),
  uact: z.string().trim().max(20).optional(),
  certNo: z.string().trim().max(18).optional(),
});
export type MailPageRequest = z.input<typeof mailPageRequest>;

export interface MailMessage {
  id: string;
  title: string;
  content: string;
  sender: string;
  readFlag: '0' | '1';
  createdAt: string;
}

/** POST /gob/web/mailMsgDService/updateDataByID: marks one message read. */
export const mailReadRequest = z.object({ id: z.string().trim().min(1, '请选择消息') });
