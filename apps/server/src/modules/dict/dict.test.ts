import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiPath, Code, DICT_TYPES, DictType } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

it('every dictionary type the portal names is seeded', async () => {
  const res = await hall.get(ApiPath.dictMultiple, undefined, { types: DICT_TYPES.join(',') });
  expect(res.code).toBe(0);
  for (const type of DICT_TYPES) expect(res.data[type].length, type).toBeGreaterThan(1);
});

it('listPubservSysDicList answers one type as label/value in order', async () => {
  const res = await hall.post(ApiPath.dictList, { type: DictType.AUTH_STATE });
  expect(res.data).toEqual([
    { label: '已授权', value: '1' },
    { label: '已解除授权', value: '2' },
  ]);
  const certs = await hall.post(ApiPath.dictList, { type: DictType.CERT_TYPE });
  expect(certs.data[0]).toEqual({ label: '居民身份证', value: '01' });
});

it('getCodeValueListMultiple groups several types', async () => {
  const res = await hall.get(ApiPath.dictMultiple, undefined, { types: 'GENDER, NOTIFY_STATE' });
  expect(Object.keys(res.data).sort()).toEqual(['GENDER', 'NOTIFY_STATE']);
  expect(res.data.NOTIFY_STATE.map((e: { label: string }) => e.label)).toEqual(['未通知', '已通知', '已撤销申报', '已申报']);
});

it('an unknown type is an empty list (the client re-fetches empty lists)', async () => {
  expect((await hall.post(ApiPath.dictList, { type: 'NO_SUCH_TYPE' })).data).toEqual([]);
});

it('refuses malformed requests with a Chinese message', async () => {
  expect(await hall.post(ApiPath.dictList, { type: '' })).toMatchObject({ code: Code.FAIL, message: '请指定字典类型' });
  expect(await hall.post(ApiPath.dictList, { type: 'drop table' })).toMatchObject({
    code: Code.FAIL,
    message: '字典类型格式不正确：drop table',
  });
  expect((await hall.get(ApiPath.dictMultiple)).code).toBe(Code.FAIL);
  const many = Array.from({ length: 21 }, (_, i) => `T${i}`).join(',');
  expect(await hall.get(ApiPath.dictMultiple, undefined, { types: many })).toMatchObject({ message: '一次最多查询20个字典类型' });
});
