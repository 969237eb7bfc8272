import { STATEMENT_FIELD_KEYS, STATEMENT_FIELDS, type StatementField, fenOfYuan } from '@hall/shared';
import type { TableRow } from '../../lib/table-file';
import type { StatementCredit } from './reconcile.repository';

/**
 * A bank's statement export read into credits (the staged import's rows, statement-stage.service).
 * Banks put a few lines above the header (account, period, printed on): the header is the first of
 * the first rows where every field is found, by the bank's saved format first, else by the headers
 * common banks use (STATEMENT_FIELDS). Debit rows (no credit amount) are skipped.
 */

export const STATEMENT_MAX_ROWS = 20_000;

const squash = (s: string) => s.replace(/[\s*:：]/g, '');

/** Where each field stands in this row, or null when a field is missing. */
export function headerAt(cells: string[], saved?: Record<string, string> | null): Record<StatementField, number> | null {
  const names = cells.map(squash);
  const at = {} as Record<StatementField, number>;
  for (const key of STATEMENT_FIELD_KEYS) {
    const candidates = [saved?.[key], ...STATEMENT_FIELDS[key].headers].filter((h): h is string => !!h).map(squash);
    const i = candidates.map((c) => names.indexOf(c)).find((n) => n >= 0);
    if (i === undefined) return null;
    at[key] = i;
  }
  return at;
}

/** 2026-11-27, 2026/11/27, 20261127, 2026年11月27日, with or without a time. */
export function dayOf(text: string): string | null {
  const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?(?:[\sT].*)?$/.exec(text.trim());
  if (!m) return null;
  const day = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

/** The credit's amount in fen; null for a debit row (empty, zero or negative); NaN when unreadable. */
export function amountOf(text: string): number | null {
  const t = text.trim();
  if (t === '' || t.startsWith('-')) return null;
  const fen = fenOfYuan(t);
  return fen === 0 ? null : (fen ?? Number.NaN);
}

export function creditOf(row: TableRow, at: Record<StatementField, number>): StatementCredit | string | null {
  const cell = (k: StatementField) => (row.cells[at[k]] ?? '').trim();
  const amountFen = amountOf(cell('amount'));
  if (amountFen === null) return null;
  if (Number.isNaN(amountFen)) return `金额“${cell('amount')}”不是有效金额`;
  const txnId = cell('txnId');
  if (!txnId) return `缺少交易流水号`;
  if (txnId.length > 64) return `交易流水号过长`;
  const bookedOn = dayOf(cell('bookedOn'));
  if (!bookedOn) return `交易日期“${cell('bookedOn')}”不是有效日期`;
  return {
    txnId,
    bookedOn,
    amountFen,
    payerName: cell('payerName').slice(0, 100),
    payerAccount: cell('payerAccount').replace(/[\s-]/g, '').slice(0, 40),
    memo: cell('memo').slice(0, 200),
  };
}
