import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailCalls } from '@hall/shared/contracts/mail.ts';
import { request } from '../../../lib/request';
import { mailKey } from './page';

/** The selected messages ({ids}) or every unread one ('all'). */
export type ReadManyTarget = string[] | 'all';

/** Bulk mark-read (updateReadAll): answers how many changed from unread to read. */
export const readManyMail = (target: ReadManyTarget) =>
  request.call(mailCalls.mailReadAll, target === 'all' ? { all: true } : { ids: target }).then((answer) => answer.data.updated);

/** 标为已读 / 全部标为已读: then the lists and the header badge (unreadKey) follow. */
export function useReadManyMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readManyMail,
    onSettled: () => client.invalidateQueries({ queryKey: mailKey }),
  });
}
