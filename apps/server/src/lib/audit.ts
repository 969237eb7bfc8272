import type { Db } from '../db/client';
import { insertAudit } from './audit.repository';

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
  | 'code-sent'
  | 'code-wrong'
  | 'download'
  | 'unit-info-change'
  | 'limit-reached'
  | 'operator'
  | 'staff-change'
  | 'staff-import'
  | 'claim'
  /** A union's work on its subordinate units (issue 10); detail.event names it. */
  | 'org-change'
  /** A 93 union's write for a released branch (issue 10). */
  | 'acting-for'
  | 'phone-change'
  | 'card-change'
  | 'transfer'
  | 'place-filing';

export interface AuditEntry {
  actorKind: 'unit' | 'personal' | 'operator' | 'anonymous';
  actorKey: string;
  action: AuditAction;
  detail?: Record<string, unknown>;
  ip?: string;
}

/** Append-only: rows are only ever inserted (an update/delete trigger refuses the rest). */
export async function audit(db: Db, at: Date, entry: AuditEntry) {
  await insertAudit(db, { at, ...entry, detail: entry.detail ?? {} });
}

/**
 * A logged-in caller refused something it asked for (another's data, a wrong current password):
 * the row that lets the union see probing. Answers nothing; the caller throws its own refusal.
 */
export async function auditRefusal(
  db: Db,
  at: Date,
  caller: { loginType: 'unit' | 'personal' | 'operator'; loginName: string },
  detail: Record<string, unknown>,
  ip?: string,
) {
  await audit(db, at, { actorKind: caller.loginType, actorKey: caller.loginName, action: 'permission-refused', detail, ip });
}
