import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ApiPath, Code, mailCalls } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';
import { setFlag } from '../features/flags.service';
import { sendMail } from './mail.repository';

let hall: TestHall;
let unitToken: string;
let personToken: string;
beforeAll(async () => {
  hall = await createTestHall();
  const now = hall.clock.now();
  for (let i = 1; i <= 12; i++) {
    await sendMail(hall.db, { kind: 'unit', key: 'qydw92101' }, { title: `通知${i}`, content: '内容', sender: '市总工会' }, now);
  }
  await sendMail(hall.db, { kind: 'unit', key: 'qydw92102' }, { title: '别人的', content: '内容', sender: '市总工会' }, now);
  unitToken = (await hall.loginUnit('qydw92101')).data.accessToken;
  personToken = (await hall.loginPersonal('430102198503150022')).data.accessToken;
});
afterAll(() => hall.close());

describe('getPageList', () => {
  it('answers the unread count of the unit in data.totlCnt, newest first', async () => {
    const res = await hall.call(mailCalls.mailPage, { readFlag: '0', uact: 'qydw92101' }, unitToken);
    expect(res.code).toBe(0);
    expect(res.data.totlCnt).toBe(13); // 12 + the welcome message
    expect(res.data.list).toHaveLength(10);
    expect(res.data.list[0].title).toBe('通知12');
    const page2 = await hall.call(mailCalls.mailPage, { readFlag: 0, uact: 'qydw92101', pageNum: 2 }, unitToken);
    expect(page2.data.list).toHaveLength(3);
  });

  it('answers a person by ID number', async () => {
    const res = await hall.call(mailCalls.mailPage, { readFlag: '0', certNo: '430102198503150022' }, personToken);
    expect(res.data.totlCnt).toBe(1);
    expect(res.data.list[0].title).toContain('总工会职工医疗互助网上服务大厅');
  });

  it("refuses another account's mail", async () => {
    const res = await hall.call(mailCalls.mailPage, { readFlag: '0', uact: 'qydw92102' }, unitToken);
    expect(res).toMatchObject({ code: Code.FAIL, message: '无权查看其他账号的消息' });
    const person = await hall.call(mailCalls.mailPage, { readFlag: '0', certNo: '430103199007120044' }, personToken);
    expect(person.code).toBe(Code.FAIL);
  });

  it('caps paging', async () => {
    const res = await hall.call(mailCalls.mailPage, { pageNum: 501 }, unitToken);
    expect(res).toMatchObject({ code: Code.FAIL, message: '最多查看前500页，请缩小查询范围' });
  });

  it('needs a login', async () => {
    expect((await hall.call(mailCalls.mailPage, { readFlag: '0' })).code).toBe(Code.NO_TOKEN);
  });
});

describe('updateDataByID', () => {
  it('marks own mail read and the unread count drops', async () => {
    const page = await hall.call(mailCalls.mailPage, { readFlag: '0' }, unitToken);
    expect((await hall.call(mailCalls.mailRead, { id: page.data.list[0].id }, unitToken)).code).toBe(0);
    expect((await hall.call(mailCalls.mailPage, { readFlag: '0' }, unitToken)).data.totlCnt).toBe(12);
    expect((await hall.call(mailCalls.mailPage, { readFlag: '1' }, unitToken)).data.totlCnt).toBe(1);
  });

  it("refuses another recipient's message and leaves it unread", async () => {
    const other = (await hall.loginUnit('qydw92102')).data.accessToken;
    const theirs = await hall.call(mailCalls.mailPage, { readFlag: '0' }, other);
    const res = await hall.call(mailCalls.mailRead, { id: theirs.data.list[0].id }, unitToken);
    expect(res).toMatchObject({ code: Code.FAIL, message: '消息不存在或无权操作' });
    expect((await hall.call(mailCalls.mailPage, { readFlag: '0' }, other)).data.totlCnt).toBe(theirs.data.totlCnt);
    expect((await hall.call(mailCalls.mailRead, { id: 'abc' }, unitToken)).code).toBe(Code.FAIL);
  });
});

describe('updateReadAll', () => {
  const mine = { kind: 'unit', key: 'hygh93001' } as const;
  const theirs = { kind: 'unit', key: 'dlgh99001' } as const;
  let token: string;
  let otherToken: string;
  const unread = async (t: string) => (await hall.call(mailCalls.mailPage, { readFlag: '0' }, t)).data.totlCnt;

  beforeAll(async () => {
    const now = hall.clock.now();
    for (let i = 1; i <= 6; i++) await sendMail(hall.db, mine, { title: `批量${i}`, content: '内容', sender: '市总工会' }, now);
    for (let i = 1; i <= 3; i++) await sendMail(hall.db, theirs, { title: `他人${i}`, content: '内容', sender: '市总工会' }, now);
    token = (await hall.loginUnit('hygh93001')).data.accessToken;
    otherToken = (await hall.loginUnit('dlgh99001')).data.accessToken;
  });

  it('refuses a selection ({ids}) while the batch flag is off (spec §9), not 全部标为已读', async () => {
    const own = (await hall.call(mailCalls.mailPage, { readFlag: '0', pageSize: 2 }, token)).data.list.map((m) => m.id);
    expect((await hall.call(mailCalls.mailReadAll, { ids: own }, token)).message).toBe('批量操作功能暂未开放');
    await setFlag(hall.app.hall, '测试', 'batch', true);
  });

  it('marks the selected own messages read in one call; ids of another recipient stay unread', async () => {
    const before = await unread(token);
    const otherBefore = await unread(otherToken);
    const own = (await hall.call(mailCalls.mailPage, { readFlag: '0', pageSize: 2 }, token)).data.list.map((m) => m.id);
    const foreign = (await hall.call(mailCalls.mailPage, { readFlag: '0' }, otherToken)).data.list.map((m) => m.id);
    const res = await hall.call(mailCalls.mailReadAll, { ids: [...own, ...foreign, own[0]] }, token);
    expect(res).toMatchObject({ code: 0, data: { updated: 2 } });
    expect(await unread(token)).toBe(before - 2);
    expect(await unread(otherToken)).toBe(otherBefore);
    // Again: nothing left to change.
    expect((await hall.call(mailCalls.mailReadAll, { ids: own }, token)).data.updated).toBe(0);
  });

  it('marks every unread message of the caller read, and only the caller’s', async () => {
    const otherBefore = await unread(otherToken);
    const left = await unread(token);
    const res = await hall.call(mailCalls.mailReadAll, { all: true }, token);
    expect(res.data.updated).toBe(left);
    expect(await unread(token)).toBe(0);
    expect(await unread(otherToken)).toBe(otherBefore);
  });

  it('refuses an empty choice, both forms at once and malformed ids, changing nothing', async () => {
    const otherBefore = await unread(otherToken);
    // Payloads the contract's types refuse: sent untyped, as a hand-made request would be.
    for (const payload of [{}, { ids: [] }, { all: true, ids: ['1'] }, { ids: ['abc'] }, { ids: ['0'] }, { all: false }]) {
      const res = await hall.post(ApiPath.mailReadAll, payload, otherToken);
      expect(res.code, JSON.stringify(payload)).toBe(Code.FAIL);
    }
    expect(
      (await hall.call(mailCalls.mailReadAll, { ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) }, otherToken)).message,
    ).toBe('一次最多标记100条消息');
    expect(await unread(otherToken)).toBe(otherBefore);
  });

  it('needs a login', async () => {
    expect((await hall.call(mailCalls.mailReadAll, { all: true })).code).toBe(Code.NO_TOKEN);
  });
});

describe('getPageList without a read filter', () => {
  it('pages read and unread messages together, newest first, without gaps or repeats', async () => {
    const token = (await hall.loginUnit('fhgh93101')).data.accessToken;
    const now = hall.clock.now();
    for (let i = 1; i <= 25; i++)
      await sendMail(hall.db, { kind: 'unit', key: 'fhgh93101' }, { title: `混合${i}`, content: '内容', sender: '市总工会' }, now);
    // Every third message read: the newest-first order must interleave both kinds.
    const all = (await hall.call(mailCalls.mailPage, { pageSize: 100 }, token)).data.list;
    const ids = all.filter((_, i) => i % 3 === 0).map((m) => m.id);
    await hall.call(mailCalls.mailReadAll, { ids }, token);
    const seen: string[] = [];
    let total = 0;
    for (let page = 1; page <= 4; page++) {
      const res = await hall.call(mailCalls.mailPage, { pageNum: page, pageSize: 7 }, token);
      total = res.data.totlCnt;
      seen.push(...res.data.list.map((m) => m.id));
    }
    expect(total).toBe(all.length);
    expect(seen).toEqual(all.map((m) => m.id));
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
  });
});

describe('counts of a big inbox (issue 11)', () => {
  it('a list counts up to 10,000 and says there are more; the unread count stays exact', async () => {
    await hall.db.execute(
      sql`insert into mail_messages (recipient_kind, recipient_key, title, content, sender, read_flag, created_at)
          select 'unit', 'qydw92101', '通知' || g, '内容', '市总工会', case when g <= 2000 then '1' else '0' end, now()
          from generate_series(1, 12001) g`,
    );
    const token = unitToken;
    const all = await hall.call(mailCalls.mailPage, { uact: 'qydw92101' }, token);
    expect(all.data).toMatchObject({ totlCnt: 10_000, totlCntCapped: true });
    expect(all.data.list).toHaveLength(10);
    const read = await hall.call(mailCalls.mailPage, { uact: 'qydw92101', readFlag: '1' }, token);
    expect(read.data.totlCnt).toBeGreaterThanOrEqual(2000); // and the earlier tests' messages, read by now
    expect(read.data.totlCnt).toBeLessThan(2100);
    expect(read.data.totlCntCapped).toBeUndefined();
    const unread = await hall.call(mailCalls.mailPage, { uact: 'qydw92101', readFlag: '0', pageSize: 1 }, token);
    expect(unread.data.totlCnt).toBeGreaterThanOrEqual(10_001);
    expect(unread.data.totlCntCapped).toBeUndefined();
  });
});
