import { ApiPath } from '@hall/shared/paths.ts';
import type { Page } from '@hall/shared/schemas/common.ts';
import type { NoticeDetail, NoticeKind, NoticeListItem } from '@hall/shared/schemas/notices.ts';
import { request } from '../../lib/request';

/**
 * Notices (通知公告) and policy documents (政策文件). The login gateway imports this file: it
 * must stay free of antd (bundle budget), so only the request client and types come in here.
 */
export type { NoticeDetail, NoticeKind, NoticeListItem };

export const NOTICE_KINDS: readonly NoticeKind[] = ['notice', 'policy'];
export const KIND_TITLES: Record<NoticeKind, string> = { notice: '通知公告', policy: '政策文件' };

const PAGE_PATH: Record<NoticeKind, string> = { notice: ApiPath.noticePage, policy: ApiPath.policyPage };
const BY_ID_PATH: Record<NoticeKind, string> = { notice: ApiPath.noticeById, policy: ApiPath.policyById };

/** The kind named in a query string (?kind=policy), notices otherwise. */
export const kindOf = (value: string | null | undefined): NoticeKind => (value === 'policy' ? 'policy' : 'notice');

export interface NoticeQuery {
  title?: string;
  pageNum?: number;
  pageSize?: number;
}

/** Published items, newest first. */
export const fetchNoticePage = (kind: NoticeKind, query: NoticeQuery, silent = false) =>
  request.post<Page<NoticeListItem>>(PAGE_PATH[kind], query, { silent }).then((a) => a.data);

/** One item; a withdrawn or unknown id is refused (公告不存在或已撤回), shown by the caller. */
export const fetchNoticeDetail = (kind: NoticeKind, id: string) =>
  request.post<NoticeDetail>(BY_ID_PATH[kind], { id }, { silent: true }).then((a) => a.data);

/** Calendar day of a timestamp in China (the hall's time zone), whatever the browser's zone: 2026-03-01. */
export function chinaDate(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(time)) return '';
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** Date and time in China: 2026-03-01 09:30. */
export function chinaDateTime(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(time)) return '';
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Where an item opens: /gateDetail?id=…&kind=… */
export const detailPath = (kind: NoticeKind, id: string) => `/gateDetail?id=${encodeURIComponent(id)}&kind=${kind}`;
export const listPath = (kind: NoticeKind) => `/gateNotice?kind=${kind}`;

/** A file size for people: 820 B, 12.5 KB, 1.2 MB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
