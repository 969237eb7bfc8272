import type { MailMessage, NoticeListItem, Page } from '@hall/shared';
import { NotifiedCache } from './lib/notified-cache';
import type { IdentityRow } from './types';

/**
 * What each app node keeps between calls on PostgreSQL, fed by the database's change notifications
 * (lib/change-listener.ts; server.ts starts it). The embedded database has none: it is one process
 * and answers these reads in microseconds.
 */
export interface HallCaches {
  /** The identity check of every call: session, account, unit, person. */
  identities: NotifiedCache<IdentityRow>;
  /** The header badge's call on every page: the first page of a recipient's unread mail. */
  unread: NotifiedCache<Page<MailMessage>>;
  /** The published notices and policy files, page by page (the public area and /Home). */
  notices: NotifiedCache<Page<NoticeListItem>>;
  /** A unit's /Home charts (treatments, paid claims by period year), read from kept totals on every visit. */
  homeCharts: NotifiedCache<unknown>;
}

export const createCaches = (): HallCaches => ({
  identities: new NotifiedCache(['s', 'a', 'u', 'p']),
  unread: new NotifiedCache(['m']),
  notices: new NotifiedCache(['n'], 30_000, 1_000),
  homeCharts: new NotifiedCache(['h'], 30_000, 20_000),
});
