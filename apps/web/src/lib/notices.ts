import { noticeCalls } from '@hall/shared/contracts/notices.ts';
import type { NoticeKind, NoticeListItem } from '@hall/shared/schemas/notices.ts';
import { request } from './request';

/**
 * Notices (通知公告) and policy documents (政策文件): what the login gateway's cards and the
 * notices pages share (features/notices/api adds the detail and the attachments). The gateway
 * imports this file: it must stay free of antd (bundle budget), so only the request client and
 * types come in here.
 */
export type { NoticeKind, NoticeListItem };

export const NOTICE_KINDS: readonly NoticeKind[] = ['notice', 'policy'];
export const KIND_TITLES: Record<NoticeKind, string> = { notice: '通知公告', policy: '政策文件' };

const PAGE_CALL = { notice: noticeCalls.noticePage, policy: noticeCalls.policyPage } as const;

/** The kind named in a query string (?kind=policy), notices otherwise. */
export const kindOf = (value: string | null | undefined): NoticeKind => (value === 'policy' ? 'policy' : 'notice');

export interface NoticeQuery {
  title?: string;
  pageNum?: number;
  pageSize?: number;
}

/** Published items, newest first. */
export const fetchNoticePage = (kind: NoticeKind, query: NoticeQuery, silent = false) =>
  request.call(PAGE_CALL[kind], query, { silent }).then((a) => a.data);

/** Where an item opens: /gateDetail?id=…&kind=… */
export const detailPath = (kind: NoticeKind, id: string) => `/gateDetail?id=${encodeURIComponent(id)}&kind=${kind}`;
export const listPath = (kind: NoticeKind) => `/gateNotice?kind=${kind}`;
