import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailCalls } from '@hall/shared/contracts/mail.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

/** The /mail list: 全部 (no read filter) or 未读 (readFlag '0'), newest first. */
export type MailFilter = 'all' | 'unread';
export type MailPageData = CallData<typeof mailCalls.mailPage>;
export type MailItem = MailPageData['list'][number];

/** Every mail query starts with 'mail' (unreadKey too): reading invalidates them all. */
export const mailKey = ['mail'] as const;
export const mailPageKey = (filter: MailFilter, pageNum: number, pageSize: number) =>
  [...mailKey, 'page', filter, pageNum, pageSize] as const;

/** The caller's own mail: the server takes the owner from the session, so none is named here. */
export const fetchMailPage = (filter: MailFilter, pageNum: number, pageSize: number) =>
  request
    .call(mailCalls.mailPage, { ...(filter === 'unread' ? { readFlag: '0' as const } : {}), pageNum, pageSize }, { silent: true })
    .then((answer) => answer.data);

export function useMailPage(filter: MailFilter, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: mailPageKey(filter, pageNum, pageSize),
    queryFn: () => fetchMailPage(filter, pageNum, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * 刷新: every mail query again (each page kept for 30 s and the unread count), so that a page
 * emptied meanwhile does not fall back to an earlier page's rows from the cache.
 */
export function useRefreshMail() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: mailKey });
}
