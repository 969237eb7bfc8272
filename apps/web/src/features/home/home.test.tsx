import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { homeCalls } from '@hall/shared/contracts/home.ts';
import { personalSession, renderInShell } from '../../test/render';
import HomePage from './HomePage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
// The chart itself needs a canvas; its options are tested in packages/client (charts/options.test.ts).
vi.mock('./components/HomeChart', () => ({
  default: (props: { kind: string; data: { list: Array<{ year: number }> } }) => (
    <div data-testid={`echart-${props.kind}`}>{props.data.list.map((y) => y.year).join(',')}</div>
  ),
}));

const TYPES = [
  { type: 'major_disease', label: '重大疾病补助' },
  { type: 'hardship', label: '困难职工补助' },
];
const years = (from: number) => Array.from({ length: 5 }, (_, i) => from + i);
const TREATMENTS = {
  fromYear: 2022,
  toYear: 2026,
  scope: { units: 3 },
  list: years(2022).map((year) => ({ year, count: year === 2026 ? 2 : 0, amountFen: year === 2026 ? 150_000 : 0, paidFen: 0 })),
};
const NO_CLAIMS = {
  fromYear: 2022,
  toYear: 2026,
  scope: { units: 3 },
  types: TYPES,
  list: years(2022).map((year) => ({ year, count: 0, amountFen: 0, byType: TYPES.map(({ type }) => ({ type, count: 0, amountFen: 0 })) })),
};
const UNIT = {
  loginType: 'unit',
  today: '2026-11-22',
  year: 2026,
  periodName: '2026年度职工医疗互助',
  scope: { units: 3 },
  enrolled: { persons: 128, waiting: 5 },
  outstanding: { count: 2, amountFen: 36_000, overdue: 1 },
  todo: { count: 3, urgent: 1 },
  benefits: { treatmentPaidFen: 175_000, claimPaidFen: 1_850_000, paidFen: 2_025_000 },
};
const PERSON = {
  loginType: 'personal',
  today: '2026-11-22',
  year: 2026,
  periodName: '2026年度职工医疗互助',
  current: {
    year: 2026,
    periodName: '2026年度职工医疗互助',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    products: [
      {
        productCode: '01',
        productName: '住院医疗互助',
        shares: 2,
        coveredFrom: '2026-03-20',
        waiting: false,
        unitName: '长沙市星辰科技有限公司',
      },
      {
        productCode: '03',
        productName: '重大疾病互助',
        shares: 1,
        coveredFrom: '2026-12-10',
        waiting: true,
        unitName: '长沙市星辰科技有限公司',
      },
    ],
  },
  next: {
    year: 2027,
    periodName: '2027年度职工医疗互助',
    startDate: '2027-01-01',
    endDate: '2027-12-31',
    products: [
      {
        productCode: '01',
        productName: '住院医疗互助',
        shares: 1,
        coveredFrom: '2027-01-01',
        waiting: true,
        unitName: '长沙市星辰科技有限公司',
      },
    ],
  },
  benefits: { treatmentCount: 2, treatmentFen: 150_000, treatmentPaidFen: 100_000, claimCount: 1, claimPaidFen: 1_500_000 },
  todo: { count: 0, urgent: 0 },
};

function answer(figures: unknown, claims: unknown = NO_CLAIMS) {
  requests.call.mockImplementation((call: { path: string }) => {
    const data = call.path === homeCalls.homeFigures.path ? figures : call.path === homeCalls.treatDataYear.path ? TREATMENTS : claims;
    return Promise.resolve({ code: 0, type: 'success', message: '', data });
  });
}

beforeEach(() => {
  requests.call.mockReset();
});

describe('HomePage, a unit', () => {
  it('shows the key figures with their links, and the charts or their empty state', async () => {
    answer(UNIT);
    renderInShell(<HomePage />, { path: '/Home' });
    const enrolled = await screen.findByTestId('figure-enrolled');
    expect(enrolled.textContent).toContain('本期参保人数128人');
    expect(enrolled.textContent).toContain('其中 5 人尚在等待期');
    expect(enrolled.textContent).toContain('含下属单位 2 家');
    const outstanding = screen.getByTestId('figure-outstanding');
    expect(outstanding.textContent).toContain('¥360.00');
    expect(outstanding.textContent).toContain('逾期 1 份');
    expect(
      within(outstanding)
        .getByRole('link', { name: /应缴金额/ })
        .getAttribute('href'),
    ).toBe('/payment');
    const todo = screen.getByTestId('figure-todo');
    expect(todo.textContent).toContain('3项');
    expect(
      within(todo)
        .getByRole('link', { name: /去处理/ })
        .getAttribute('href'),
    ).toBe('/to-list');
    const benefits = screen.getByTestId('figure-benefits');
    expect(benefits.textContent).toContain('¥20,250.00');
    expect(
      within(benefits)
        .getByRole('link', { name: /互助待遇/ })
        .getAttribute('href'),
    ).toBe('/mutual-aid-treatment-query');
    expect(
      within(benefits)
        .getByRole('link', { name: /补助记录/ })
        .getAttribute('href'),
    ).toBe('/subsidy-record-query');

    // The treatment chart has data (lazily loaded); the claim chart has none.
    expect((await screen.findByTestId('echart-treatment')).textContent).toContain('2022,2023,2024,2025,2026');
    const claims = screen.getByTestId('chart-claims');
    expect(within(claims).getByText('暂无统计数据')).toBeTruthy();
    expect(within(claims).queryByTestId('echart-claim')).toBeNull();
    expect(within(screen.getByTestId('chart-treatments')).getByText('2022–2026年度')).toBeTruthy();
    expect(within(claims).getByRole('link', { name: /明细/ }).getAttribute('href')).toBe('/subsidy-record-query');
  });

  it('a failed answer says so and can be tried again', async () => {
    requests.call.mockRejectedValue(new Error('network'));
    renderInShell(<HomePage />, { path: '/Home' });
    const figures = await screen.findByTestId('home-figures');
    await waitFor(() => expect(figures.textContent).toContain('统计数据暂时无法获取'));
    answer(UNIT);
    fireEvent.click(within(figures).getByRole('button', { name: '重新加载' }));
    expect((await screen.findByTestId('figure-enrolled')).textContent).toContain('128');
  });
});

describe('HomePage, a person', () => {
  it('shows my cover (waiting period noted), the next period, my benefits and to-do, with the personal links', async () => {
    const paid = {
      ...NO_CLAIMS,
      list: NO_CLAIMS.list.map((y) =>
        y.year === 2026 ? { ...y, count: 1, amountFen: 1_500_000, byType: [{ type: 'major_disease', count: 1, amountFen: 1_500_000 }] } : y,
      ),
    };
    answer(PERSON, paid);
    renderInShell(<HomePage />, { path: '/Home', session: personalSession });
    const cover = await screen.findByTestId('figure-cover');
    expect(cover.textContent).toContain('住院医疗互助2份2026-03-20起保障');
    expect(cover.textContent).toContain('等待期内，2026-12-10起保障');
    expect(cover.textContent).toContain('下一期 · 2027年度职工医疗互助');
    // The next period's cover starts with the period: not called a waiting period.
    expect(cover.textContent).toContain('2027-01-01起保障');
    expect(cover.textContent).not.toContain('等待期内，2027-01-01');
    const benefits = screen.getByTestId('figure-benefits');
    expect(benefits.textContent).toContain('¥16,000.00');
    expect(benefits.textContent).toContain('互助待遇 2 笔，核定 ¥1,500.00，已发放 ¥1,000.00');
    expect(
      within(benefits)
        .getByRole('link', { name: /互助待遇/ })
        .getAttribute('href'),
    ).toBe('/mutual-aid-treatment-query-personal');
    expect(
      within(benefits)
        .getByRole('link', { name: /补助记录/ })
        .getAttribute('href'),
    ).toBe('/subsidy-record-query-personal');
    expect(screen.getByTestId('figure-todo').textContent).toContain('暂无待办事项');
    expect(screen.queryByTestId('figure-outstanding')).toBeNull();
    expect(await screen.findByTestId('echart-claim')).toBeTruthy();
    expect(within(screen.getByTestId('chart-treatments')).getByRole('link', { name: /明细/ }).getAttribute('href')).toBe(
      '/mutual-aid-treatment-query-personal',
    );
  });

  it('a person without cover this period is told whom to ask', async () => {
    answer({ ...PERSON, current: null, next: null });
    renderInShell(<HomePage />, { path: '/Home', session: personalSession });
    expect((await screen.findByTestId('figure-cover')).textContent).toContain('本期未参加职工医疗互助，请联系所在单位办理');
  });
});
