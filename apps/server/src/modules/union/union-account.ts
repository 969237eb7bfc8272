import type { Db } from '../../db/client';
import { bankAccountOf } from './union.repository';

/**
 * The bank account of a union's approved information (基层工会信息), as the payment notice shows
 * it (付款账户): null before an approved record holds one. A pending change is not read.
 */
export async function approvedBankAccount(db: Db, unitId: number) {
  const row = await bankAccountOf(db, unitId);
  if (!row?.name || !row.bank || !row.accountNo) return null;
  return { name: row.name, bank: row.bank, accountNo: row.accountNo.replace(/(\d{4})(?=\d)/g, '$1 ') };
}
