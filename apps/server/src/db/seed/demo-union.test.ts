import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnionPath } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';
import { unionInfoChanges, unionInfos } from '../schema';
import { seedDemoUnionInfo } from './demo-union';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
  await seedDemoUnionInfo(hall.db, hall.clock.now(), '长沙市');
});
afterAll(() => hall.close());

describe('the demo union information', () => {
  it('gives the three level-1 unions an approved record, an approved and a rejected change; once', async () => {
    expect(await hall.db.select().from(unionInfos)).toHaveLength(3);
    const changes = await hall.db.select().from(unionInfoChanges);
    expect(changes.map((c) => c.state).sort()).toEqual(['approved', 'approved', 'approved', 'rejected', 'rejected', 'rejected']);
    await seedDemoUnionInfo(hall.db, hall.clock.now(), '长沙市');
    expect(await hall.db.select().from(unionInfoChanges)).toHaveLength(6);
  });

  it('the records pass the form checks: resubmitting one unchanged is refused as unchanged, not as invalid', async () => {
    const token = (await hall.loginUnit('dlgh99001')).data.accessToken;
    const info = await hall.post(UnionPath.unionInfo, {}, token);
    expect(info.data.approved).toBe(true);
    expect(info.data.lastRejected.reviewNote).toBe('工会名称须与工会法人资格证书一致');
    const res = await hall.post(UnionPath.unionInfoSubmit, info.data.record, token);
    expect(res.message).toBe('没有修改任何信息，无需提交');
    const [row] = await hall.db.select().from(unionInfos).where(eq(unionInfos.uniName, '长沙市第一人民医院工会'));
    expect(row!.changeId).not.toBeNull();
  });
});
