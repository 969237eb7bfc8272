import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

/*
 * The audit rows a transfer's or a filing's moves wrote (detail.transfer / detail.filing = its id),
 * oldest first. Each reads its own expression index (audit_transfer_idx, audit_filing_idx): the
 * expression is spelled as the index spells it, so it is not a parameter.
 */

const select = (db: Db) =>
  db.select({ at: auditLog.at, actorKind: auditLog.actorKind, actorKey: auditLog.actorKey, detail: auditLog.detail }).from(auditLog);

export const transferAuditRows = (db: Db, id: number) =>
  select(db)
    .where(sql`(${auditLog.detail} ->> 'transfer') = ${String(id)}`)
    .orderBy(asc(auditLog.at), asc(auditLog.id));

export const filingAuditRows = (db: Db, id: number) =>
  select(db)
    .where(sql`(${auditLog.detail} ->> 'filing') = ${String(id)}`)
    .orderBy(asc(auditLog.at), asc(auditLog.id));

export type RecordAuditRow = Awaited<ReturnType<typeof transferAuditRows>>[number];
