import { desc, eq } from 'drizzle-orm';
import { OpsPath } from '@hall/shared';
import { commands } from '../cli/commands';
import { auditLog } from '../db/schema';
import { createTestHall, TEST_CAPTCHA, type TestHall } from './harness';

/** The password of the operator accounts the tests make. */
export const OPERATOR_PASSWORD = 'Oper@2026ab';

/** What the operator tests do with their hall (given as a getter: each file makes it in beforeAll). */
export function operatorTools(hall: () => TestHall) {
  const opsLogin = async (username: string, password = OPERATOR_PASSWORD) =>
    hall().post(OpsPath.opsLogin, { username, password, captchaId: await hall().captcha(), captchaCode: TEST_CAPTCHA });
  return {
    /** A CLI command, run by the bootstrap admin. */
    run: (name: string, flags: Record<string, string | boolean>) => commands[name].run(hall().app.hall, flags, 'admin'),
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
  await run('operator-create', { login: 'zhang.wei', name: '张伟', password: OPERATOR_PASSWORD });
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
  await run('operator-create', { login: OPERATOR_LOGIN, name: OPERATOR, password: OPERATOR_PASSWORD });
  await run('operator-create', { login: 'gone.op', name: '已停用操作员', password: OPERATOR_PASSWORD });
  const op = await opsToken(OPERATOR_LOGIN);
  const disabledOp = await opsToken('gone.op');
  await run('disable', { type: 'operator', login: 'gone.op' });
  const unitToken = (await hall.loginUnit('qydw92101')).data.accessToken as string;
  return { hall, op, disabledOp, unitToken };
}
