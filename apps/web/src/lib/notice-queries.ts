import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchNoticePage, type NoticeKind } from './notices';

/** The queries of lib/notices (the gateway's cards and the list page), keyed under `noticesKey`. */
export const noticesKey = ['notices'] as const;

/** The gateway card's newest items. Silent: a failed list shows in the card itself, not as a toast over the login. */
export const useNewestNotices = (kind: NoticeKind, size: number) =>
  useQuery({
    queryKey: [...noticesKey, kind, 'gate'],
    queryFn: () => fetchNoticePage(kind, { pageNum: 1, pageSize: size }, true),
    staleTime: 60_000,
  });

/** A page of the list, found by title. */
export const useNoticePage = (kind: NoticeKind, title: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...noticesKey, kind, 'list', title, page],
    queryFn: () => fetchNoticePage(kind, { title: title || undefined, pageNum: page, pageSize }),
    placeholderData: keepPreviousData,
  });
