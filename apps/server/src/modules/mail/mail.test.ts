import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';
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
    const res = await hall.post(ApiPath.mailPage, { readFlag: '0', uact: 'qydw92101' }, unitToken);
    expect(res.code).toBe(0);
    expect(res.data.totlCnt).toBe(13); // 12 + the welcome message
    expect(res.data.list).toHaveLength(10);
    expect(res.data.list[0].title).toBe('通知12');
    const page2 = await hall.post(ApiPath.mailPage, { readFlag: 0, uact: 'qydw92101', pageNum: 2 }, unitToken);
    expect(page2.data.list).toHaveLength(3);
  });

  it('answers a person by ID number', async () => {
    const res = await hall.post(ApiPath.mailPage, { readFlag: '0', certNo: '430102198503150022' }, personToken);
    expect(res.data.totlCnt).toBe(1);
    expect(res.data.list[0].title).toContain('总工会职工医疗互助网上服务大厅');
  });

  it("refuses another account's mail", async () => {
    const res = await hall.post(ApiPath.mailPage, { readFlag: '0', uact: 'qydw92102' }, unitToken);
    expect(res).toMatchObject({ code: Code.FAIL, message: '无权查看其他账号的消息' });
    const person = await hall.post(ApiPath.mailPage, { readFlag: '0', certNo: '430103199007120044' }, personToken);
    expect(person.code).toBe(Code.FAIL);
  });

  it('caps paging', async () => {
    const res = await hall.post(ApiPath.mailPage, { pageNum: 501 }, unitToken);
    expect(res).toMatchObject({ code: Code.FAIL, message: '最多查看前500页，请缩小查询范围' });
  });

  it('needs a login', async () => {
    expect((await hall.post(ApiPath.mailPage, { readFlag: '0' })).code).toBe(Code.NO_TOKEN);
  });
});

describe('updateDataByID', () => {
  it('marks own mail read and the unread count drops', async () => {
    const page = await hall.post(ApiPath.mailPage, { readFlag: '0' }, unitToken);
    expect((await hall.post(ApiPath.mailRead, { id: page.data.list[0].id }, unitToken)).code).toBe(0);
    expect((await hall.post(ApiPath.mailPage, { readFlag: '0' }, unitToken)).data.totlCnt).toBe(12);
    expect((await hall.post(ApiPath.mailPage, { readFlag: '1' }, unitToken)).data.totlCnt).toBe(1);
  });

  it("refuses another recipient's message and leaves it unread", async () => {
    const other = (await hall.loginUnit('qydw92102')).data.accessToken;
    const theirs = await hall.post(ApiPath.mailPage, { readFlag: '0' }, other);
    const res = await hall.post(ApiPath.mailRead, { id: theirs.data.list[0].id }, unitToken);
    expect(res).toMatchObject({ code: Code.FAIL, message: '消息不存在或无权操作' });
    expect((await hall.post(ApiPath.mailPage, { readFlag: '0' }, other)).data.totlCnt).toBe(theirs.data.totlCnt);
    expect((await hall.post(ApiPath.mailRead, { id: 'abc' }, unitToken)).code).toBe(Code.FAIL);
  });
});
