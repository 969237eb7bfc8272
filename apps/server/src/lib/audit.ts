import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditAction =
  | 'login'
  | 'login-failed'
  | 'login-locked'
  | 'logout'
  | 'refresh-reuse'
  | 'password-change'
  | 'permission-refused'
  | 'register'
  | 'password-recover'
  | 'email-bind'
  | 'operator';

export interface AuditEntry {
  actorKind: 'unit' | 'personal' | 'operator' | 'anonymous';
  actorKey: string;
  action: AuditAction;
  detail?: Record<string, unknown>;
  ip?: string;
}

/** Append-only: rows are only ever inserted (an update/delete trigger refuses the rest). */
export async function audit(db: Db, at: Date, entry: AuditEntry) {
  await db.insert(auditLog).values({ at, ...entry, detail: entry.detail ?? {} });
}
