import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export async function insertAudit(db: Db, row: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(row);
}
