import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsPath } from '@hall/shared';
import { auditLog } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';

/*
 * The back office's search box (/ops/api/search) and the audited unmasking of a person: a unit by
 * account or name, a person by ID number or name (masked), numbers that do not exist find nothing.
 */

let hall: TestHall;
let op: string;
const LI_HUA = '430102198503150022';
const find = async (keyword: string) => (await hall.post(OpsPath.opsSearch, { keyword }, op)).data.list;

beforeAll(async () => {
  hall = await createTestHall();
  await makeOperator(hall, { login: 'find.op', name: '查找员', password: OPERATOR_PASSWORD, role: 'reviewer' });
  op = await operatorTools(() => hall).opsToken('find.op');
});
afterAll(() => hall.close());

describe('the search box', () => {
  it('finds a unit by account and by a part of its name', async () => {
    expect(await find('qydw92101')).toEqual([expect.objectContaining({ kind: 'unit', subtitle: 'qydw92101 · 基层单位' })]);
    expect((await find('星辰')).map((h: { kind: string }) => h.kind)).toContain('unit');
  });

  it('finds a person by the whole ID number or the whole name, masked', async () => {
    const [byCert] = await find(LI_HUA);
    expect(byCert).toMatchObject({ kind: 'person', title: '李华' });
    expect(byCert.subtitle).not.toBe(LI_HUA);
    expect((await find('李华')).some((h: { kind: string; id: number }) => h.kind === 'person' && h.id === byCert.id)).toBe(true);
    expect(JSON.stringify(await find('李华'))).not.toContain(LI_HUA);
  });

  it('a number that does not exist finds nothing', async () => {
    expect(await find('SQ2027999999')).toEqual([]);
    expect(await find('BZ2027999999')).toEqual([]);
  });

  it('unmasking a person asks for a reason and is audited', async () => {
    const [person] = await find(LI_HUA);
    expect((await hall.post(OpsPath.opsPersonUnmask, { personId: person.id }, op)).message).toContain('办理原因');
    const shown = await hall.post(OpsPath.opsPersonUnmask, { personId: person.id, reason: '核对补助申请人身份' }, op);
    expect(shown.data).toMatchObject({ name: '李华', certNo: LI_HUA });
    const rows = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'operator'));
    expect(rows.at(-1)?.detail).toMatchObject({ command: 'person-unmask', personId: person.id, reason: '核对补助申请人身份' });
    expect(JSON.stringify(rows.at(-1)?.detail)).not.toContain(LI_HUA);
  });
});
