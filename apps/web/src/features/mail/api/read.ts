import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailCalls } from '@hall/shared/contracts/mail.ts';
import { request } from '../../../lib/request';
import { mailKey } from './page';

/** Marks one own message read (updateDataByID). */
export const readMail = (id: string) => request.call(mailCalls.mailRead, { id }).then(() => id);

/** Opening an unread message: marks it read, then the lists and the header badge (unreadKey) follow. */
export function useReadMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readMail,
    onSettled: () => client.invalidateQueries({ queryKey: mailKey }),
  });
}
