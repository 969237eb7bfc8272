import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, OpsPath } from '@hall/shared';
import { commands } from '../../cli/commands';
import { auditLog, registrations, units } from '../../db/schema';
import { unitRegistration } from '../../test/fixtures';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';

/** The operator API's review of unit registrations, in the operator's name (the CLI's registration-* over the same service). */
let hall: TestHall;
let op: string;
const PASSWORD = 'Oper@2026ab';

const run = (name: string, flags: Record<string, string | boolean>) => commands[name].run(hall.app.hall, flags, 'admin');
const opsLogin = async (username: string, password = PASSWORD) =>
  hall.post(OpsPath.opsLogin, { username, password, captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA });
const lastAudit = async (actorKey: string) =>
  (await hall.db.select().from(auditLog).where(eq(auditLog.actorKey, actorKey)).orderBy(desc(auditLog.id)).limit(1))[0];

beforeAll(async () => {
  hall = await createTestHall();
  await run('operator-create', { login: 'zhang.wei', name: '张伟', password: PASSWORD });
  op = (await opsLogin('zhang.wei')).data.accessToken;
});
afterAll(() => hall.close());

describe('registration review', () => {
  it('lists pending registrations and approves one in the operator’s name', async () => {
    expect((await hall.post(ApiPath.insertRegisterInfo, { ...(await hall.human()), ...unitRegistration(801) })).code).toBe(0);
    const list = await hall.post(OpsPath.opsRegistrationList, { status: 'pending' }, op);
    const mine = list.data.list.find((r: { uact: string }) => r.uact === 'newco2801');
    expect(mine).toMatchObject({ status: 'pending', statusLabel: '待审核', kind: 'unit', phone: '139****1801' });
    expect((await hall.post(OpsPath.opsRegistrationApprove, { uact: 'newco2801' }, op)).data).toEqual({ uact: 'newco2801' });
    const [unit] = await hall.db.select({ id: units.id }).from(units).where(eq(units.uact, 'newco2801'));
    const [reg] = await hall.db.select().from(registrations).where(eq(registrations.unitId, unit.id));
    expect(reg).toMatchObject({ status: 'approved', decidedBy: '张伟' });
    // Decisions carry the operator's name; audit rows its login, the name beside it.
    expect((await lastAudit('zhang.wei'))?.detail).toMatchObject({
      command: 'registration-approve',
      uact: 'newco2801',
      operatorName: '张伟',
    });
    expect((await hall.post(OpsPath.opsRegistrationApprove, { uact: 'newco2801' }, op)).message).toBe('该注册申请已处理（审核通过）');
  });

  it('rejects with a reason; a bad status or a missing reason is refused', async () => {
    await hall.post(ApiPath.insertRegisterInfo, { ...(await hall.human()), ...unitRegistration(802) });
    expect((await hall.post(OpsPath.opsRegistrationReject, { uact: 'newco2802' }, op)).message).toBe('请输入驳回原因');
    expect((await hall.post(OpsPath.opsRegistrationList, { status: 'maybe' }, op)).code).toBe(Code.FAIL);
    expect((await hall.post(OpsPath.opsRegistrationReject, { uact: 'newco2802', reason: '营业执照不清晰' }, op)).code).toBe(0);
    const rejected = await hall.post(OpsPath.opsRegistrationList, { status: 'rejected' }, op);
    expect(rejected.data.list.find((r: { uact: string }) => r.uact === 'newco2802')).toMatchObject({ reason: '营业执照不清晰' });
  });
});
