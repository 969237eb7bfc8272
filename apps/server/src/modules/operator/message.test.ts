import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, mailCalls, OpsPath } from '@hall/shared';
import { accounts, mailMessages, units } from '../../db/schema';
import type { TestHall } from '../../test/harness';
import { hallWithOperator, operatorTools } from '../../test/operator-tools';

/** A message to a level-1 union and all its units: one statement, one audit row with the count. */
let hall: TestHall;
let op: string;
const { lastAudit } = operatorTools(() => hall);

beforeAll(async () => ({ hall, op } = await hallWithOperator()));
afterAll(() => hall.close());

const received = async (uact: string, title: string) =>
  (
    await hall.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(eq(mailMessages.recipientKind, 'unit'), eq(mailMessages.recipientKey, uact), eq(mailMessages.title, title)))
  ).length;
const send = (union: string, title: string) => hall.post(OpsPath.opsMailSendUnion, { union, title, content: '请于12月20日前核对。' }, op);

describe('a message to a union and its units', () => {
  it('reaches the union and each registered unit under it once; an unregistered member and another union get nothing', async () => {
    const [union] = await hall.db.select().from(units).where(eq(units.uact, 'lhgh92001'));
    const members = await hall.db.select({ id: units.id, uact: units.uact }).from(units).where(eq(units.parentId, union.id));
    // One member's registration still waits for review: it has no inbox yet.
    const waiting = members.find((m) => m.uact !== 'qydw92101')!;
    await hall.db.update(accounts).set({ status: 'pending' }).where(eq(accounts.unitId, waiting.id));
    const title = '请核对2027年度参保名册';

    const sent = await send(' lhgh92001 ', title);
    expect(sent.data).toEqual({ uact: 'lhgh92001', name: '长沙市高新区联合基层工会', title, count: 2 });
    expect(await received('lhgh92001', title)).toBe(1);
    expect(await received('qydw92101', title)).toBe(1);
    expect(await received(waiting.uact, title)).toBe(0);
    expect(await received('dlgh99001', title)).toBe(0);
    expect((await lastAudit('zhang.wei'))?.detail).toMatchObject({ command: 'message-send-union', union: 'lhgh92001', count: 2 });
    // The form's union finder says beforehand how many units the message reaches.
    const found = await hall.post(OpsPath.opsUnionFind, { keyword: '高新区' }, op);
    expect(found.data.list).toEqual([{ uact: 'lhgh92001', name: '长沙市高新区联合基层工会', units: 2 }]);

    // The unit reads it in its /mail, from the city union.
    const token = (await hall.loginUnit('qydw92101')).data.accessToken;
    const inbox = await hall.call(mailCalls.mailPage, { readFlag: '0', uact: 'qydw92101' }, token);
    expect(inbox.data.list.find((m) => m.title === title)).toMatchObject({ sender: '长沙市总工会', content: '请于12月20日前核对。' });
  });

  it('refuses a unit that is not a level-1 union, an unknown account and a blank title; nothing is sent', async () => {
    expect(await send('qydw92101', '不应送达')).toMatchObject({
      code: Code.FAIL,
      message: expect.stringContaining('不是一级工会'),
    });
    expect((await send('nobody01', '不应送达')).message).toBe('工会不存在：nobody01');
    // Only level-1 unions are offered.
    expect((await hall.post(OpsPath.opsUnionFind, { keyword: 'qydw92101' }, op)).data.list).toEqual([]);
    expect((await hall.post(OpsPath.opsUnionFind, { keyword: 'lhgh92001' }, op)).data.list).toHaveLength(1);
    expect((await send('lhgh92001', '  ')).message).toBe('请输入消息标题');
    expect(await received('qydw92101', '不应送达')).toBe(0);
    expect(await received('lhgh92001', '  ')).toBe(0);
  });
});
