import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequestError } from '@hall/client/request.ts';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const dataClerk = { loginName: 'ops-data', name: '数据员', roles: ['data' as const], mustChangePassword: false };
const finance = { loginName: 'ops-finance', name: '财务员', roles: ['finance' as const], mustChangePassword: false };
const hospital = {
  code: '01',
  name: '住院医疗互助',
  rateFen: 6000,
  maxShares: 3,
  eligibility: 'all',
  eligibilityLabel: '全体职工',
  benefitRule: {
    deductibleFen: 100_000,
    capFen: 5_000_000,
    bands: [
      { uptoFen: 500_000, ratioPct: 45 },
      { uptoFen: null, ratioPct: 50 },
    ],
  },
  sort: 1,
};
const period2026 = {
  id: 1,
  year: 2026,
  name: '2026年度职工医疗互助',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  enrolStart: '2025-11-01',
  enrolEnd: '2025-12-31',
  payDeadline: '2025-12-31',
  waitingDays: 90,
  phase: 'inForce',
  phaseLabel: '保障中',
  products: [hospital],
};
const RECOMPUTE = '新的补助规则将使2026年度险种 01 已计算的 1 笔互助待遇变动（合计 ¥2,250.00 → ¥4,000.00）。请核对后确认重新计算再提交';

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }, fields: { confirmRecompute?: boolean }) => {
    if (call.name === 'opsWaitingList')
      return ok({ today: '2026-11-27', reviewDays: 7, dueDays: 7, registrations: [], unpaid: [], reviews: [] });
    if (call.name === 'opsPeriodList') return ok({ list: [period2026] });
    if (call.name === 'opsPeriodEdit')
      throw new RequestError(
        '2026年度已有确认缴费的参保记录，其保障起止日期和等待期已据此确定，不能再修改保障开始、结束日期或等待期',
        'business',
        1,
      );
    if (call.name === 'opsProductEdit') {
      if (!fields.confirmRecompute) throw new RequestError(RECOMPUTE, 'business', 1);
      return ok({ ...hospital, benefitRule: { ...hospital.benefitRule, deductibleFen: 50_000 } });
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

const callsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

describe('互助期与产品', () => {
  it('shows the periods with their phase and the products with the rule in words', async () => {
    renderConsole('/periods', dataClerk);
    const table = await screen.findByTestId('period-table');
    expect(await within(table).findByText('保障中')).toBeTruthy();
    const products = await screen.findByTestId('products-2026');
    expect(products.textContent).toContain('¥60.00');
    expect(products.textContent).toContain('起付线 ¥1,000.00');
    expect(products.textContent).toContain('¥0.00–¥5,000.00 按 45%');
    expect(products.textContent).toContain('¥5,000.00 以上按 50%');
    expect(products.textContent).toContain('年度封顶 ¥50,000.00');
  });

  it("a period in force: sends only the changed field and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    renderConsole('/periods', dataClerk);
    await user.click(await screen.findByTestId('period-edit-2026'));
    const days = await screen.findByTestId('period-waitingDays');
    await user.clear(days);
    await user.type(days, '60');
    await user.click(screen.getByTestId('period-submit'));
    expect((await screen.findByTestId('period-refusal')).textContent).toContain('不能再修改保障开始、结束日期或等待期');
    expect(callsOf('opsPeriodEdit')[0][1]).toEqual({ year: 2026, waitingDays: 60 });
  });

  it('a new rule that moves computed treatments: shows what would change, then sends it again confirmed', async () => {
    const user = userEvent.setup();
    renderConsole('/periods', dataClerk);
    await user.click(await screen.findByTestId('product-edit-2026-01'));
    const deductible = await screen.findByTestId('product-deductible');
    await user.clear(deductible);
    await user.type(deductible, '500');
    await user.click(screen.getByTestId('product-submit'));
    expect((await screen.findByTestId('product-recompute')).textContent).toContain('合计 ¥2,250.00 → ¥4,000.00');
    const first = callsOf('opsProductEdit')[0][1];
    expect(first.benefitRule.deductibleFen).toBe(50_000);
    expect(first.confirmRecompute).toBeUndefined();
    expect(first.rateFen).toBeUndefined();
    await user.click(screen.getByRole('button', { name: '确认重新计算并保存' }));
    await waitFor(() => expect(callsOf('opsProductEdit')).toHaveLength(2));
    expect(callsOf('opsProductEdit')[1][1].confirmRecompute).toBe(true);
    expect(await screen.findByText('已修改险种 01 住院医疗互助')).toBeTruthy();
  });

  it('finance reads the periods without the buttons that change them', async () => {
    renderConsole('/periods', finance);
    expect(await screen.findByTestId('products-2026')).toBeTruthy();
    expect(screen.queryByTestId('period-new')).toBeNull();
    expect(screen.queryByTestId('period-edit-2026')).toBeNull();
  });
});
