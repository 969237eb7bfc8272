import { z } from 'zod';
import { pageQuery } from './common';
import { bigIdField } from './ids';

/** POST /gob/web/mailMsgDService/getPageList: readFlag '0' unread, '1' read, absent = all. */
export const mailPageRequest = pageQuery.extend({
  readFlag: z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.literal('')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : (String(v) as '0' | '1'))),
  uact: z.string().trim().max(20).optional(),
  certNo: z.string().trim().max(18).optional(),
});

export interface MailMessage {
  id: string;
  title: string;
  content: string;
  sender: string;
  readFlag: '0' | '1';
  createdAt: string;
}

/** POST /gob/web/mailMsgDService/updateDataByID: marks one message read. */
export const mailReadRequest = z.object({ id: bigIdField('消息不存在或无权操作') });

/** The most ids one bulk mark-read takes (a page of the list at its largest). */
export const MAIL_READ_IDS_MAX = 100;

/**
 * POST /gob/web/mailMsgDService/updateReadAll: marks the caller's own messages read, either the
 * ones named ({ids}) or every unread one ({all: true}). Ids that are not the caller's change nothing.
 */
export const mailReadAllRequest = z
  .object({
    ids: z.array(bigIdField('消息编号不正确')).max(MAIL_READ_IDS_MAX, `一次最多标记${MAIL_READ_IDS_MAX}条消息`).optional(),
    all: z.literal(true).optional(),
  })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: '请选择要标为已读的消息' })
  .refine((v) => !(v.all === true && v.ids !== undefined), { message: '请选择消息或全部标为已读，二者只能取其一' });
