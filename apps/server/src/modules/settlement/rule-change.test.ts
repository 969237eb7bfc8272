import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsPath } from '@hall/shared';
import { treatments } from '../../db/schema';
import type { TestHall } from '../../test/harness';
import { hallWithOperators } from '../../test/operator-tools';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson, settlementCsv } from '../../test/settlement-fixtures';

/*
 * A new benefit rule for a period whose treatments were computed (docs/decisions.md, "A new rule is
 * recomputed, shown first"): the first try changes nothing and answers what would change; with
 * confirmRecompute the rule and the recomputed treatments are written in one transaction.
 */

let hall: TestHall;
let op: string;
let personId: number;
const amounts = async () =>
  (await hall.db.select({ amountFen: treatments.amountFen }).from(treatments).where(eq(treatments.personId, personId))).map(
    (t) => t.amountFen,
  );
const edit = (body: Record<string, unknown>) => hall.post(OpsPath.opsProductEdit, { year: 2026, code: '01', ...body }, op);
const RULE = { deductibleFen: 100_000, capFen: 5_000_000, bands: [{ uptoFen: null, ratioPct: 80 }] };

beforeAll(async () => {
  ({ hall, op } = await hallWithOperators());
  const person = (await staffOf(hall.db, 'qydw92101'))[0];
  personId = person.personId;
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId });
  const file = settlementCsv([
    { no: 'RULE-1', certNo: person.certNo, admitted: '2026-03-01', discharged: '2026-03-08', selfPolicy: '6000' },
  ]);
  const staged = await hall.upload({ name: '结算.csv', bytes: file }, op, OpsPath.opsSettlementStage);
  expect((await hall.post(OpsPath.opsSettlementConfirm, { batchId: staged.data.batchId }, op)).code).toBe(0);
});
afterAll(() => hall.close());

describe('a new benefit rule', () => {
  it('first answers what it would change and changes nothing', async () => {
    const before = await amounts();
    expect(before.some((a) => a > 0)).toBe(true);
    const tried = await edit({ benefitRule: RULE });
    expect(tried.message).toMatch(
      /^新的补助规则将使2026年度险种 01 已计算的 1 笔互助待遇变动（合计 ¥[\d,.]+ → ¥4,000\.00）。请核对后确认重新计算再提交$/,
    );
    expect(await amounts()).toEqual(before);
    const [period] = (await hall.post(OpsPath.opsPeriodList, {}, op)).data.list.filter((p: { year: number }) => p.year === 2026);
    expect(period.products.find((p: { code: string }) => p.code === '01').benefitRule).not.toEqual(RULE);
  });

  it('with confirmRecompute writes the rule and the recomputed treatments', async () => {
    const done = await edit({ benefitRule: RULE, confirmRecompute: true });
    expect(done.code, done.message).toBe(0);
    expect(done.data.benefitRule).toEqual(RULE);
    expect(await amounts()).toEqual([400_000]);
  });

  it('a rule that moves no amount, or another field, needs no confirmation', async () => {
    expect((await edit({ benefitRule: RULE })).code).toBe(0);
    expect((await edit({ name: '住院医疗互助（新）' })).code).toBe(0);
  });
});
