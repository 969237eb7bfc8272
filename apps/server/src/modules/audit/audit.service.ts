import { addDays, auditActionLabel, auditCommandLabel, auditDetailText, chinaDay, chinaMidnight, maskCertNo } from '@hall/shared';
import type { ExportColumn } from '../../lib/table-export';
import type { HallContext } from '../../types';
import { AUDIT_PAGE, accountHistory, auditPage } from './audit.repository';

/** An ID number anywhere in a row (a worker's login, a command's detail) is shown masked. */
const CERT_NO = /^\d{17}[\dXx]$/;
const masked = (value: unknown): unknown =>
  typeof value === 'string' && CERT_NO.test(value)
    ? maskCertNo(value)
    : Array.isArray(value)
      ? value.map(masked)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v)]))
        : value;

type AuditFilter = { actor?: string; action?: string; from?: string; to?: string };

/** The filters as the repository takes them: days in China time, the `to` day included. */
const filterOf = (q: AuditFilter & { before?: number }) => ({
  actor: q.actor || undefined,
  action: q.action || undefined,
  from: q.from ? chinaMidnight(q.from) : undefined,
  to: q.to ? chinaMidnight(addDays(q.to, 1)) : undefined,
  before: q.before,
});

const shown = (r: Awaited<ReturnType<typeof auditPage>>[number]) => ({
  id: r.id,
  at: r.at.toISOString(),
  actorKind: r.actorKind,
  actorKey: masked(r.actorKey) as string,
  action: r.action,
  detail: masked(r.detail) as Record<string, unknown>,
  ip: r.ip,
});

/** The audit log for the administrator and the auditor: newest first, 50 a page, days in China time. */
export async function auditList(ctx: HallContext, q: AuditFilter & { before?: number }) {
  const rows = await auditPage(ctx.db, filterOf(q));
  const page = rows.slice(0, AUDIT_PAGE);
  return { list: page.map(shown), next: rows.length > AUDIT_PAGE ? page[page.length - 1].id : null };
}

/** The most rows one export holds: a longer stretch is narrowed by its filters. */
export const AUDIT_EXPORT_CAP = 10_000;
const CHUNK = 500;

const ACTOR_KINDS: Record<string, string> = { unit: '单位', personal: '个人', operator: '操作员', anonymous: '匿名' };

export const AUDIT_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '时间', key: 'at', width: 18, kind: 'datetime' },
  { header: '账号类型', key: 'actorKind', width: 10, kind: 'text' },
  { header: '登录账号', key: 'actorKey', width: 20, kind: 'text' },
  { header: '操作', key: 'action', width: 14, kind: 'text' },
  { header: '详情', key: 'detail', width: 80, kind: 'text' },
  { header: 'IP', key: 'ip', width: 16, kind: 'text' },
];

/** The filtered log as the export's rows, newest first, read a chunk at a time by id (keyset), masked as the list is. */
export async function* auditExportRows(ctx: HallContext, q: AuditFilter) {
  const filter = filterOf(q);
  let before: number | undefined;
  for (let sent = 0; sent < AUDIT_EXPORT_CAP; ) {
    const rows = await auditPage(ctx.db, { ...filter, before }, Math.min(CHUNK, AUDIT_EXPORT_CAP - sent));
    for (const row of rows.map(shown))
      yield [
        row.at,
        ACTOR_KINDS[row.actorKind] ?? row.actorKind,
        row.actorKey,
        auditActionLabel(row.action),
        auditDetailText(row.detail),
        row.ip,
      ];
    sent += rows.length;
    if (rows.length < CHUNK) return;
    before = rows[rows.length - 1].id;
  }
}

export const auditExportName = (now: Date) => `审计日志_${chinaDay(now).replaceAll('-', '')}.xlsx`;

/** How many rows an account's detail shows of its history. */
export const ACCOUNT_HISTORY_CAP = 50;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * An account's history for its detail, newest first: what was done (an operator's command, or the
 * account's own login, lock, password change …), by whom (the operator's name, 本人, or 未登录用户
 * for a failed login) and its note (the operator's reason; the failure count and the IP).
 */
export async function accountHistoryOf(ctx: HallContext, who: { accountId: number; loginType: string; loginName: string }) {
  const rows = await accountHistory(ctx.db, who, ACCOUNT_HISTORY_CAP);
  return rows.map((r) => {
    const detail = r.detail as Record<string, unknown>;
    if (r.action === 'operator')
      return {
        id: r.id,
        at: r.at.toISOString(),
        what: auditCommandLabel(String(detail.command ?? '')),
        by: text(detail.operatorName) ?? r.actorKey,
        note: text(detail.reason),
      };
    const failures = typeof detail.failures === 'number' ? `第 ${detail.failures} 次失败` : null;
    const note = [failures, r.ip ? `IP ${r.ip}` : null].filter(Boolean).join('，');
    return {
      id: r.id,
      at: r.at.toISOString(),
      what: auditActionLabel(r.action),
      by: r.actorKind === 'anonymous' ? '未登录用户' : '本人',
      note: note || null,
    };
  });
}
