import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsPath } from '@hall/shared';
import { registrations, units } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';

/*
 * 工作台 (/ops/api/dashboard): each role sees its own queues with the count and the oldest item's
 * wait in days, and today's figures; the counts are those of the rows (a registration submitted
 * moves them).
 */

let hall: TestHall;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hall = await createTestHall();
  const { opsToken } = operatorTools(() => hall);
  for (const role of ['reviewer', 'finance', 'auditor']) {
    await makeOperator(hall, { login: `dash.${role}`, name: `工作台${role}`, password: OPERATOR_PASSWORD, role });
    tokens[role] = await opsToken(`dash.${role}`);
  }
});
afterAll(() => hall.close());

const board = async (role: string) => (await hall.post(OpsPath.opsDashboard, {}, tokens[role])).data;

describe('工作台', () => {
  it('shows each role its queues; the auditor all of them', async () => {
    expect((await board('reviewer')).queues.map((q: { key: string }) => q.key)).toEqual([
      'registrations',
      'unionChanges',
      'claims',
      'transfers',
      'filings',
    ]);
    expect((await board('finance')).queues.map((q: { key: string }) => q.key)).toEqual([
      'paymentChecks',
      'unpaid',
      'claimPayouts',
      'treatmentPayouts',
    ]);
    expect((await board('auditor')).queues).toHaveLength(9);
  });

  it('counts a pending registration with its wait, and today’s figures', async () => {
    const now = hall.app.hall.clock.now();
    const before = await board('reviewer');
    const waited = new Date(now.getTime() - 3 * 86_400_000 - 60_000);
    const [unit] = await hall.db
      .insert(units)
      .values({ uact: 'dash00001', empName: '工作台测试单位', level: 2, createdAt: waited })
      .returning({ id: units.id });
    await hall.db
      .insert(registrations)
      .values({ unitId: unit.id, kind: 'unit', status: 'pending', phone: '13800000000', submittedAt: waited });
    const after = await board('reviewer');
    const count = (b: typeof before) => b.queues.find((q: { key: string }) => q.key === 'registrations');
    expect(count(after).count).toBe(count(before).count + 1);
    expect(count(after).oldestDays).toBeGreaterThanOrEqual(3);
    expect(before.figures).toMatchObject({ registrations: expect.any(Number), payments: expect.any(Number) });
  });
});
