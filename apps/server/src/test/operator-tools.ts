import { and, desc, eq } from 'drizzle-orm';
import { OpsPath, type OperatorRole } from '@hall/shared';
import type { Flags } from '../cli/commands/flags';
import { commands } from '../cli/commands';
import { accounts, auditLog } from '../db/schema';
import { createTestHall, TEST_CAPTCHA, type TestHall } from './harness';

/** The password of the operator accounts the tests make. */
export const OPERATOR_PASSWORD = 'Oper@2026ab';

/** The roles of the tests' operators: every one that changes something (the roles' own tests narrow them). */
export const WORKING_ROLES: OperatorRole[] = ['admin', 'reviewer', 'finance', 'data'];

/**
 * An operator made by `operator-create` (run by the bootstrap admin) whose first password counts as
 * changed: the tests of other things log in and work at once (the forced change has its own tests,
 * operator-session.test.ts). Answers the command's output.
 */
export async function makeOperator(hall: TestHall, flags: Flags) {
  const out = await commands['operator-create'].run(hall.app.hall, flags, 'admin');
  await hall.db
    .update(accounts)
    .set({ mustChangePassword: false })
    .where(and(eq(accounts.loginType, 'operator'), eq(accounts.loginName, String(flags.login))));
  return out;
}

/** What the operator tests do with their hall (given as a getter: each file makes it in beforeAll). */
export function operatorTools(hall: () => TestHall) {
  const opsLogin = async (username: string, password = OPERATOR_PASSWORD) =>
    hall().post(OpsPath.opsLogin, { username, password, captchaId: await hall().captcha(), captchaCode: TEST_CAPTCHA });
  return {
    /** A CLI command, run by the bootstrap admin. */
    run: (name: string, flags: Flags) => commands[name].run(hall().app.hall, flags, 'admin'),
    /** A CLI command run by another operator (who approved a claim does not pay it). */
    runAs: (operator: string, name: string, flags: Flags) => commands[name].run(hall().app.hall, flags, operator),
    /** A login through the operator API: the whole answer. */
    opsLogin,
    /** A login through the operator API: its access token. */
    opsToken: async (username: string) => (await opsLogin(username)).data.accessToken as string,
    /** The newest audit row of an actor. */
    lastAudit: async (actorKey: string) =>
      (await hall().db.select().from(auditLog).where(eq(auditLog.actorKey, actorKey)).orderBy(desc(auditLog.id)).limit(1))[0],
  };
}

/** The operator API's refusal of a portal token. */
export const PORTAL_REFUSAL = '该功能仅限市总工会后台操作员使用';

/** A test hall with the operator zhang.wei (张伟), made by the CLI and logged in: its token. */
export async function hallWithOperator(): Promise<{ hall: TestHall; op: string }> {
  const hall = await createTestHall();
  const { run, opsToken } = operatorTools(() => hall);
  await makeOperator(hall, { login: 'zhang.wei', name: '张伟', password: OPERATOR_PASSWORD, role: WORKING_ROLES });
  return { hall, op: await opsToken('zhang.wei') };
}

/** The operator of the enrolment and settlement tests: the name on what it decides, the login on audit rows. */
export const OPERATOR = '赵敏';
export const OPERATOR_LOGIN = 'zhao.min';

/**
 * A test hall with the operator zhao.min (赵敏) logged in, a disabled operator's token (gone.op,
 * logged in before it was disabled) and a unit clerk's token (qydw92101): the three callers every
 * operator call is tried with.
 */
export async function hallWithOperators() {
  const hall = await createTestHall();
  const { run, opsToken } = operatorTools(() => hall);
  await makeOperator(hall, { login: OPERATOR_LOGIN, name: OPERATOR, password: OPERATOR_PASSWORD, role: WORKING_ROLES });
  await makeOperator(hall, { login: 'gone.op', name: '已停用操作员', password: OPERATOR_PASSWORD, role: WORKING_ROLES });
  const op = await opsToken(OPERATOR_LOGIN);
  const disabledOp = await opsToken('gone.op');
  await run('disable', { type: 'operator', login: 'gone.op' });
  const unitToken = (await hall.loginUnit('qydw92101')).data.accessToken as string;
  return { hall, op, disabledOp, unitToken };
}
