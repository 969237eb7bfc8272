import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiPath, Code } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

it('changes the unit password: code 0, other sessions end, the new password logs in', async () => {
  const other = (await hall.loginUnit('lhgh92001')).data;
  // A second login supersedes the first; log in again to get the session that changes the password.
  const mine = (await hall.loginUnit('lhgh92001')).data;
  const res = await hall.post(ApiPath.updatePassword, { uact: 'lhgh92001', oldPwd: 'Demo@2026', pwd: 'New#Pass2026' }, mine.accessToken);
  expect(res.code).toBe(0);
  expect((await hall.get(ApiPath.userInfo, other.accessToken)).code).not.toBe(0);
  expect((await hall.get(ApiPath.userInfo, mine.accessToken)).code).toBe(0);
  expect((await hall.loginUnit('lhgh92001')).code).toBe(Code.FAIL);
  expect((await hall.loginUnit('lhgh92001', 'New#Pass2026')).code).toBe(0);
});

it('changes a personal password by ID number', async () => {
  const token = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  expect(
    (await hall.post(ApiPath.updatePassword, { uact: '430102198503150022', oldPwd: 'Demo@2026', pwd: 'Li#Hua20261' }, token)).code,
  ).toBe(0);
  expect((await hall.loginPersonal('430102198503150022', 'Li#Hua20261')).code).toBe(0);
});

it.each([
  ['', '新登录密码不能为空'],
  ['Sh1!abc', '密码格式错误'],
  ['alllowercase1!', '密码格式错误'],
  ['NoSpecial2026', '密码格式错误'],
  ['With Space1!a', '密码格式错误'],
  ['Demo@2026', '新密码不能与原密码相同'],
])('refuses %j with its message and changes nothing', async (pwd, message) => {
  const token = (await hall.loginUnit('dlgh99001')).data.accessToken;
  const res = await hall.post(ApiPath.updatePassword, { uact: 'dlgh99001', oldPwd: 'Demo@2026', pwd }, token);
  expect(res).toMatchObject({ code: Code.FAIL, message });
  expect((await hall.loginUnit('dlgh99001')).code).toBe(0);
});

it("refuses to change another account's password", async () => {
  const token = (await hall.loginUnit('qydw92101')).data.accessToken;
  const res = await hall.post(ApiPath.updatePassword, { uact: 'qydw92102', oldPwd: 'Demo@2026', pwd: 'Other#2026x' }, token);
  expect(res).toMatchObject({ code: Code.FAIL, message: '只能修改本账号的密码' });
  expect((await hall.loginUnit('qydw92102')).code).toBe(0);
});

it('needs a login', async () => {
  expect((await hall.post(ApiPath.updatePassword, { uact: 'qydw92101', oldPwd: 'Demo@2026', pwd: 'Other#2026x' })).code).toBe(
    Code.NO_TOKEN,
  );
});

it('a bare access token is not enough: the current password is required and checked', async () => {
  const token = (await hall.loginUnit('fhgh93101')).data.accessToken;
  const missing = await hall.post(ApiPath.updatePassword, { uact: 'fhgh93101', pwd: 'Taken#2026x' }, token);
  expect(missing).toMatchObject({ code: Code.FAIL, message: '请输入原登录密码' });
  const wrong = await hall.post(ApiPath.updatePassword, { uact: 'fhgh93101', oldPwd: 'Guess@2026', pwd: 'Taken#2026x' }, token);
  expect(wrong).toMatchObject({ code: Code.FAIL, message: '原登录密码错误' });
  expect((await hall.loginUnit('fhgh93101')).code).toBe(0);
  expect((await hall.loginUnit('fhgh93101', 'Taken#2026x')).code).toBe(Code.FAIL);
});
