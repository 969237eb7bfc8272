import type { Db } from '../../db/client';
import { refuse } from '../../lib/hall-error';
import { entriesOfType } from '../dict/dict.service';

/** A choice must be an entry of its dictionary (certificate type, unit type…), else '请选择{label}'. */
export async function checkDictChoice(db: Db, type: string, value: string, label: string) {
  const entries = await entriesOfType(db, type);
  if (!entries.some((e) => e.value === value)) throw refuse(`请选择${label}`);
}
