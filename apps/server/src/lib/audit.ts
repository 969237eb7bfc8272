import { AsyncLocalStorage } from 'node:async_hooks';
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

/** The operator account a back-office action runs as: its login and its display name. */
export interface OperatorActor {
  login: string;
  name: string;
}

const operatorScope = new AsyncLocalStorage<OperatorActor>();

/**
 * Runs `work` as `operator`: every operator audit row written inside it carries the operator's
 * login as actorKey and the display name beside it (detail.operatorName), whatever name the
 * services were handed (they record the display name on what they decide). The two entries of the
 * back office enter it: the operator API for an operator session (plugins/auth.ts) and the CLI for
 * the account it acts as (cli/ops-socket.ts).
 */
export const asOperator = <T>(operator: OperatorActor, work: () => T): T => operatorScope.run(operator, work);

/** Append-only: rows are only ever inserted (an update/delete trigger refuses the rest). */
export async function audit(db: Db, at: Date, entry: AuditEntry) {
  const operator = entry.actorKind === 'operator' ? operatorScope.getStore() : undefined;
  const row = operator
    ? { ...entry, actorKey: operator.login, detail: { ...entry.detail, operatorName: operator.name } }
    : { ...entry, detail: entry.detail ?? {} };
  await insertAudit(db, { at, ...row });
}

type AuditCaller = { loginType: 'unit' | 'personal' | 'operator'; loginName: string };

/**
 * A logged-in caller refused something it asked for (another's data, a wrong current password):
 * the row that lets the union see probing. Answers nothing; the caller throws its own refusal.
 */
export async function auditRefusal(db: Db, at: Date, caller: AuditCaller, detail: Record<string, unknown>, ip?: string) {
  await audit(db, at, { actorKind: caller.loginType, actorKey: caller.loginName, action: 'permission-refused', detail, ip });
}

/** An action of a logged-in caller in its own name (a change, a download of people's data): who, what, from where. */
export const auditCaller = (db: Db, at: Date, caller: AuditCaller, action: AuditAction, detail: Record<string, unknown>, ip?: string) =>
  audit(db, at, { actorKind: caller.loginType, actorKey: caller.loginName, action, detail, ip });

/** A back-office action in the operator's name (inside `asOperator`, the row gets its login and display name). */
export const auditOperator = (db: Db, at: Date, operator: string, detail: Record<string, unknown>) =>
  audit(db, at, { actorKind: 'operator', actorKey: operator, action: 'operator', detail });
