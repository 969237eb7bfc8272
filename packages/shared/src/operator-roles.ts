/**
 * The back office's roles (docs/decisions.md, "Operator roles"): an operator holds one or more,
 * and every operator call names the roles that may make it. A call that changes nothing also
 * admits the auditor, who reads everything and changes nothing.
 */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'finance', 'data', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  admin: '系统管理',
  reviewer: '业务审核',
  finance: '财务',
  data: '数据管理',
  auditor: '审计',
};

/** The refusal of a call to an operator whose roles do not admit it (before the request is read). */
export const NO_PERMISSION = '无权办理此项业务';

export const isOperatorRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value);

/** Whether an operator with `held` roles may make a call: one of its roles, or the auditor on a call that writes nothing. */
export const mayCall = (call: { roles?: readonly OperatorRole[]; writes: boolean; unmasked?: boolean }, held: readonly OperatorRole[]) =>
  held.some((role) => call.roles?.includes(role)) || (!call.writes && !call.unmasked && held.includes('auditor'));

/** The refusal of every operator call but the password change, /me and logout while a first or reset password stands. */
export const OPERATOR_FIRST_PASSWORD = '请先修改初始密码后再办理业务';

/** What an operator with a first or reset password may still do: see who it is, change it, leave. */
export const OPERATOR_FIRST_PASSWORD_CALLS: readonly string[] = ['opsMe', 'opsPasswordChange', 'opsLogout', 'opsRefreshToken'];
