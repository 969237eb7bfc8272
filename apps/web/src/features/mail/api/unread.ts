import { useQuery } from '@tanstack/react-query';
import { UNREAD_READ_FLAG } from '@hall/shared/constants.ts';
import { mailCalls } from '@hall/shared/contracts/mail.ts';
import { request } from '../../../lib/request';
import type { Session } from '../../../lib/storage';

/** The unread query of a session (R24, R47): readFlag '0' with uact (units) or certNo (persons). */
export function unreadQuery(session: Session) {
  const owner = session.loginType === 'unit' ? { uact: session.unit.uact } : { certNo: session.person.certNo };
  return { readFlag: UNREAD_READ_FLAG as '0', ...owner, pageNum: 1, pageSize: 1 };
}

export const unreadKey = ['mail', 'unread'] as const;

/**
 * The header badge: totlCnt of the unread query. Checked again every two minutes; the mail
 * page invalidates `unreadKey` after reading. A failure leaves the badge empty and is logged.
 */
export function useUnreadCount(session: Session): number {
  const { data } = useQuery({
    queryKey: [...unreadKey, session.loginType],
    queryFn: async () => {
      try {
        const answer = await request.call(mailCalls.mailPage, unreadQuery(session), { silent: true });
        return Number(answer.data?.totlCnt) || 0;
      } catch (error) {
        console.error('未读消息数获取失败', error);
        return 0;
      }
    },
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
  return data ?? 0;
}
