import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenefitPath, FILING_REQUIRED_FROM, PersonalPath } from '@hall/shared';
import { commands } from '../../cli/commands';
import { addStaff, type TestStaff } from '../../test/apply-fixtures';
import { cover } from '../../test/claim-fixtures';
import { createTestHall, type TestHall } from '../../test/harness';
import { unitId } from '../../test/payable-fixtures';
import { filingProblem, MESSAGES } from '../claims/claim-rules';

/* A 手工报销 claim for a stay from FILING_REQUIRED_FROM needs a confirmed 异地就医备案 (docs-personal.md P9). */

describe('filingProblem (pure)', () => {
  const stay = { admittedOn: '2026-12-03', dischargedOn: '2026-12-10', hospitalName: '北京协和医院' };
  const filed = { hospitalName: '北京 协和医院', fromDate: '2026-12-01', toDate: '2026-12-31', state: 'filed' };
  it('asks nothing of stays before the service opened', () => {
    expect(filingProblem({ ...stay, admittedOn: '2026-11-30' }, [])).toBeNull();
    expect(FILING_REQUIRED_FROM).toBe('2026-12-01');
  });
  it('needs a filed filing of the same hospital holding the whole stay', () => {
    expect(filingProblem(stay, [filed])).toBeNull();
    expect(filingProblem(stay, [])).toBe(MESSAGES.filingMissing);
    expect(filingProblem(stay, [{ ...filed, state: 'submitted' }])).toBe(MESSAGES.filingPending);
    expect(filingProblem(stay, [{ ...filed, state: 'returned' }])).toBe(MESSAGES.filingMissing);
    expect(filingProblem(stay, [{ ...filed, hospitalName: '上海瑞金医院' }])).toBe(MESSAGES.filingMissing);
    expect(filingProblem(stay, [{ ...filed, toDate: '2026-12-05' }])).toBe(MESSAGES.filingMissing);
  });
});

describe('the claim preview applies it', () => {
  let hall: TestHall;
  let token: string;
  let w: TestStaff;
  beforeAll(async () => {
    hall = await createTestHall();
    [w] = await addStaff(hall.db, await unitId(hall.db, 'dlgh99001'), [{ name: '周异地', gender: '1' }]);
    await cover(hall.db, { uact: 'dlgh99001', personId: w.personId, year: 2026, products: [{ code: '01' }] });
    hall.clock.advance(30 * 86_400_000); // 2026-12-22
    token = (await hall.loginUnit('dlgh99001')).data.accessToken;
  });
  afterAll(() => hall.close());

  it('refuses without a confirmed filing, accepts with one', async () => {
    const body = {
      type: 'manual',
      staffId: w.staffId,
      admittedOn: '2026-12-03',
      dischargedOn: '2026-12-10',
      hospitalName: '北京协和医院',
      diagnosisName: '肺炎',
      invoiceFen: 600_000,
    };
    const problems = async () => (await hall.post(BenefitPath.claimPreview, body, token)).data.problems as string[];
    expect(await problems()).toContain(MESSAGES.filingMissing);
    const f = await hall.post(
      PersonalPath.filingApply,
      {
        staffId: w.staffId,
        regionCode: '110105',
        regionName: '北京市朝阳区',
        hospitalName: '北京协和医院',
        fromDate: '2026-12-01',
        toDate: '2026-12-31',
        reason: '转诊',
      },
      token,
    );
    expect(f.code, f.message).toBe(0);
    expect(await problems()).toContain(MESSAGES.filingPending);
    await commands['filing-confirm'].run(hall.app.hall, { id: String(f.data.id) }, 'admin');
    expect(await problems()).toEqual([]);
  });
});
