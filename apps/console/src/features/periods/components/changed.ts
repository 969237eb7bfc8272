/**
 * The fields that differ from the record's (an edit sends only what the clerk changed: the server
 * refuses, for a period in force, a change it must not make, not the same value sent again).
 */
export function changedFields<T extends object>(before: Partial<T> | null, after: T): Partial<T> {
  if (!before) return after;
  const out: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) out[key] = after[key];
  }
  return out;
}

/** Yuan typed by the clerk (validated by the form) as fen; empty is absent. */
export const fenOf = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? undefined : Math.round(Number(text.trim()) * 100);

/** Fen as the yuan text of a form field. */
export const yuanText = (fen: number | undefined | null) => (fen === undefined || fen === null ? '' : (fen / 100).toFixed(2));

export const YUAN_RULE = { pattern: /^\s*\d{1,9}(\.\d{1,2})?\s*$/, message: '金额须为元，最多两位小数' };
