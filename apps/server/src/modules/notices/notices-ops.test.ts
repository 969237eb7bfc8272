import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, OpsPath } from '@hall/shared';
import { commands } from '../../cli/commands';
import { auditLog } from '../../db/schema';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';

/** The operator API's notices and policy documents: published, edited and withdrawn in the operator's name. */
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

describe('notices', () => {
  it('publishes, edits and withdraws a notice; the gateway follows', async () => {
    const made = await hall.post(
      OpsPath.opsNoticePublish,
      { kind: 'notice', title: '操作员接口测试通知', content: '第一段\n\n第二段' },
      op,
    );
    expect(made.code).toBe(0);
    const id = made.data.id;
    const gateway = async () => (await hall.post(ApiPath.noticePage, { title: '操作员接口' })).data.list;
    expect((await gateway()).map((n: { id: string }) => n.id)).toEqual([id]);
    expect((await hall.post(OpsPath.opsNoticeEdit, { id, title: '操作员接口测试通知（修订）' }, op)).code).toBe(0);
    expect((await gateway())[0].title).toBe('操作员接口测试通知（修订）');
    expect((await hall.post(OpsPath.opsNoticeEdit, { id }, op)).message).toBe('请至少修改标题或正文');
    expect((await hall.post(OpsPath.opsNoticeWithdraw, { id }, op)).code).toBe(0);
    expect(await gateway()).toEqual([]);
    const all = (await hall.post(OpsPath.opsNoticeList, {}, op)).data.list;
    expect(all.find((n: { id: string }) => n.id === id)).toMatchObject({ status: 'withdrawn', title: '操作员接口测试通知（修订）' });
    expect((await hall.post(OpsPath.opsNoticeWithdraw, { id }, op)).message).toBe(`公告已撤回：${id}`);
    expect((await lastAudit('zhang.wei'))?.detail).toMatchObject({ command: 'notice-withdraw', id: Number(id), operatorName: '张伟' });
  });
});
