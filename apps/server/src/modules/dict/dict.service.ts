import type { DictEntry } from '@hall/shared';
import type { Db } from '../../db/client';
import { refuse } from '../../lib/hall-error';
import { listEntries } from './dict.repository';

const TYPE_NAME = /^[A-Z][A-Z0-9_]{1,39}$/;
const MAX_TYPES = 20;

/** Type names from a comma list, checked: at most 20, each an upper-case code name. */
export function parseTypes(raw: string): string[] {
  const types = [
    ...new Set(
      raw
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (types.length === 0) throw refuse('请指定字典类型');
  if (types.length > MAX_TYPES) throw refuse(`一次最多查询${MAX_TYPES}个字典类型`);
  const bad = types.find((t) => !TYPE_NAME.test(t));
  if (bad) throw refuse(`字典类型格式不正确：${bad}`);
  return types;
}

export const entriesOfTypes = (db: Db, raw: string) => listEntries(db, parseTypes(raw));

/** One type's entries (an unknown type is an empty list: the client re-fetches empty lists). */
export async function entriesOfType(db: Db, type: string): Promise<DictEntry[]> {
  return (await listEntries(db, parseTypes(type)))[type] ?? [];
}
