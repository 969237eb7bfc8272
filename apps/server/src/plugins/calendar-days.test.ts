import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenefitPath, Code, isCalendarDay, PersonalPath } from '@hall/shared';
import { createTestHall, type TestHall } from '../test/harness';

/**
 * A date field holding a day that is not in the calendar (2026-13-45, 2026-02-30) is refused with
 * its message: such a day made an invalid Date whose toISOString threw, an internal error.
 */
let hall: TestHall;
let unit: string;
let person: string;

beforeAll(async () => {
  hall = await createTestHall();
  unit = (await hall.loginUnit('qydw92101')).data.accessToken;
  person = (await hall.loginPersonal('430102198503150022')).data.accessToken;
});
afterAll(() => hall.close());

describe('days of the calendar', () => {
  it('isCalendarDay takes YYYY-MM-DD days of the calendar only', () => {
    for (const day of ['2026-01-31', '2028-02-29', '2026-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-13-45', '2026-02-30', '2027-02-29', '2026-1-5', '2026/01/05', '', 'tomorrow'])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it('the requests refuse another with their message, never an internal error', async () => {
    const filing = {
      regionCode: '110000',
      regionName: '北京市',
      hospitalName: '北京协和医院',
      fromDate: '2026-13-45',
      toDate: '2026-12-31',
      reason: '转诊',
    };
    expect(await hall.post(PersonalPath.filingApply, filing, person)).toMatchObject({ code: Code.FAIL, message: '请选择开始日期' });
    expect(await hall.post(PersonalPath.filingList, { from: '2026-02-30' }, person)).toMatchObject({
      code: Code.FAIL,
      message: '日期格式不正确',
    });
    expect(await hall.post(BenefitPath.treatmentPage, { afterKey: '2026-13-45_1' }, unit)).toMatchObject({
      code: Code.FAIL,
      message: '翻页参数有误，请回到第一页',
    });
  });
});
