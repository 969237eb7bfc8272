import { useQuery } from '@tanstack/react-query';
import type { NoticeKind } from '@hall/shared/schemas/notices.ts';
import { noticesKey } from '../../../lib/notice-queries';
import { fetchNoticeDetail } from './index';

/** One notice or policy document by its id (none asked without an id). */
export const useNoticeDetail = (kind: NoticeKind, id: string) =>
  useQuery({ queryKey: [...noticesKey, kind, 'detail', id], queryFn: () => fetchNoticeDetail(kind, id), enabled: Boolean(id) });
