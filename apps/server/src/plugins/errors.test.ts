import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiPath, Code, SERIAL_MARKER } from '@hall/shared';
import { createTestHall, type TestHall } from '../test/harness';

// The hall starts in a hook (the hook timeout covers a slow start), not inside the test.
let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

it('an unexpected fault answers code 500 with a serial number, not a stack trace', async () => {
  // Drop a table under the running app: the next dictionary call fails inside the database.
  await hall.db.execute('drop table dict_entries' as never);
  const res = await hall.post(ApiPath.dictList, { type: 'GENDER' });
  expect(res.status).toBe(200);
  expect(res.code).toBe(Code.INTERNAL);
  expect(res.message).toMatch(new RegExp(`^系统繁忙，请联系管理员。${SERIAL_MARKER}：[0-9a-f]{16}$`));
  expect(res.message).not.toContain('dict_entries');
});
