import { useQuery } from '@tanstack/react-query';
import { opsContentCalls } from '@hall/shared/contracts/ops-content.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { noticesKey } from './notice-list';

export type NoticeDetail = CallData<typeof opsContentCalls.opsNoticeDetail>;
export type NoticeAttachment = NoticeDetail['attachments'][number];

/** One notice whole (the editor's text and attachments); under the list's key, so every change refreshes it too. */
export const useNoticeDetail = (id: string | undefined) =>
  useQuery({
    queryKey: [...noticesKey, id],
    queryFn: () => request.call(opsContentCalls.opsNoticeDetail, { id: Number(id) }).then((answer) => answer.data),
    enabled: id !== undefined,
  });
