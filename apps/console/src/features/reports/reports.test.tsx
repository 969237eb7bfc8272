import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn(), http: { post: vi.fn() } }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));
// A canvas does not draw in jsdom: the chart stands as its words (its options: packages/client charts/options.test.ts).
vi.mock('@hall/client/charts/BarsChart.tsx', async () => {
  const { barsSummary } = await import('@hall/client/charts/options.ts');
  return {
    default: ({ spec }: { spec: Parameters<typeof barsSummary>[0] }) => <div data-testid="report-chart">{barsSummary(spec)}</div>,
  };
});

const finance = { loginName: 'ops-finance', name: '财务', roles: ['finance' as const], mustChangePassword: false };
const figures = (units: number, lines: number, dueFen: number, receivedFen: number) => ({
  units,
  lines,
  shares: lines,
  dueFen,
  receivedFen,
  rate: dueFen ? receivedFen / dueFen : null,
});
const ENROLMENT = {
  district: {
    list: [
      { key: '430102', label: '芙蓉区', ...figures(2, 30, 300_000, 150_000) },
      { key: '430104', label: '岳麓区', ...figures(1, 10, 100_000, 100_000) },
    ],
    total: figures(3, 40, 400_000, 250_000),
  },
  union: {
    list: [{ key: '7', label: '长沙市岳麓区总工会', ...figures(3, 40, 400_000, 250_000) }],
    total: figures(3, 40, 400_000, 250_000),
  },
};
const month = (m: number, treatments = 0, treatmentFen = 0) => ({
  month: `2026-${String(m).padStart(2, '0')}`,
  treatments,
  treatmentFen,
  claims: 0,
  claimFen: 0,
});
const BENEFITS = {
  months: Array.from({ length: 12 }, (_, i) => (i === 2 ? month(3, 4, 880_000) : month(i + 1))),
  products: [{ productCode: 'ZYHZ', productName: '住院互助', treatments: 4, treatmentFen: 880_000, claims: 0, claimFen: 0 }],
  total: { treatments: 4, treatmentFen: 880_000, claims: 0, claimFen: 0 },
  levels: [
    { key: '3', label: '三级', treatments: 3, treatmentFen: 800_000, paidFen: 500_000, share: 0.9091 },
    { key: '2', label: '二级', treatments: 1, treatmentFen: 80_000, paidFen: 0, share: 0.0909 },
  ],
  // Eleven chapters, the largest first: the chart draws ten, the table lists all.
  chapters: ['IX', 'II', 'X', 'XI', 'XIV', 'XIII', 'IV', 'VI', 'XIX', 'I', 'XXI'].map((chapter, i) => ({
    key: chapter,
    label: `第${chapter}章 病${i + 1}（A00–B99）`,
    treatments: 1,
    treatmentFen: 80_000 - i * 1_000,
    paidFen: 0,
    share: 0.09,
  })),
};
const FUND = {
  list: [
    {
      year: 2026,
      periodName: '2026年度',
      payments: 5,
      receivedFen: 2_000_000,
      paidOutFen: 500_000,
      paidTreatmentFen: 450_000,
      paidClaimFen: 50_000,
      committedFen: 100_000,
      balanceFen: 1_400_000,
      payoutRatio: 0.25,
    },
    {
      year: 2025,
      periodName: '2025年度',
      payments: 4,
      receivedFen: 1_000_000,
      paidOutFen: 600_000,
      paidTreatmentFen: 600_000,
      paidClaimFen: 0,
      committedFen: 0,
      balanceFen: 400_000,
      payoutRatio: 0.6,
    },
  ],
};
const bodies = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name).map(([, body]) => body);

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }, body: { by?: 'district' | 'union' }) => {
    if (call.name === 'opsReportFund') return ok(FUND);
    if (call.name === 'opsReportEnrolment') return ok(ENROLMENT[body.by ?? 'district'] ?? ENROLMENT.district);
    if (call.name === 'opsReportBenefits') return ok(BENEFITS);
    throw new Error(`unexpected ${call.name}`);
  });
  requests.http.post.mockReset().mockResolvedValue({
    data: new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    headers: {},
  });
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('统计报表', () => {
  it('shows the enrolment of the year by district with its totals and chart', async () => {
    renderConsole('/reports?year=2026', finance);
    const table = await screen.findByTestId('report-enrolment-table');
    expect(await within(table).findByText('芙蓉区')).toBeTruthy();
    const total = within(table).getByTestId('report-enrolment-total');
    expect(total.textContent).toContain('合计');
    expect(total.textContent).toContain('¥4,000.00');
    expect(total.textContent).toContain('62.50%');
    expect((await screen.findByTestId('report-chart')).textContent).toContain('芙蓉区应缴金额¥3,000.00');
    expect(bodies('opsReportEnrolment')).toContainEqual({ year: 2026, by: 'district' });
  });

  it('the grouping and the filters go into the URL and the call; 导出Excel sends the same filters', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/reports?year=2026&district=430104', finance);
    await screen.findByTestId('report-enrolment-table');
    await waitFor(() => expect(bodies('opsReportEnrolment')).toContainEqual({ year: 2026, by: 'district', district: '430104' }));
    await user.click(screen.getByText('按工会'));
    await waitFor(() => expect(router.state.location.search).toBe('?year=2026&district=430104&by=union'));
    await waitFor(() => expect(bodies('opsReportEnrolment')).toContainEqual({ year: 2026, by: 'union', district: '430104' }));
    await user.click(screen.getByTestId('report-enrolment-export'));
    await waitFor(() => expect(requests.http.post).toHaveBeenCalled());
    const [url, payload] = requests.http.post.mock.calls[0];
    expect(String(url)).toContain('/reports/enrolment/export');
    expect(JSON.stringify(payload)).toContain('430104');
  });

  it('benefits by hospital level and by diagnosis chapter: tables with totals, a chart each (ten chapters), each exported', async () => {
    const user = userEvent.setup();
    renderConsole('/reports?year=2026&tab=benefits&product=ZYHZ', finance);
    const levels = await screen.findByTestId('report-benefit-levels');
    expect(await within(levels).findByText('三级')).toBeTruthy();
    expect(within(levels).getByText('90.91%')).toBeTruthy();
    expect(within(levels).getByTestId('report-benefit-levels-total').textContent).toContain('¥8,800.00');
    const chapters = screen.getByTestId('report-benefit-chapters');
    expect(within(chapters).getByText('第XXI章 病11（A00–B99）')).toBeTruthy();
    expect(within(chapters).getByTestId('report-benefit-chapters-total').textContent).toContain('¥8,250.00');
    const charts = screen.getAllByTestId('report-chart').map((c) => c.textContent ?? '');
    expect(charts.find((c) => c.startsWith('三级'))).toContain('三级互助待遇金额¥8,000.00、已发放金额¥5,000.00');
    const chapterChart = charts.find((c) => c.startsWith('第IX章')) ?? '';
    expect(chapterChart).toContain('第I章 病10');
    expect(chapterChart).not.toContain('病11');
    expect(screen.getByText('图中为金额最大的10章')).toBeTruthy();
    await user.click(screen.getByTestId('report-chapters-export'));
    await waitFor(() => expect(requests.http.post).toHaveBeenCalled());
    const [url, payload] = requests.http.post.mock.calls[0];
    expect(String(url)).toContain('/reports/benefits/export');
    expect(JSON.stringify(payload)).toContain('chapters');
    expect(JSON.stringify(payload)).toContain('ZYHZ');
  });

  it('benefits: twelve months with the totals; the fund: each year with its payout ratio', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/reports?year=2026', finance);
    await user.click(await screen.findByRole('tab', { name: '待遇统计' }));
    await waitFor(() => expect(router.state.location.search).toBe('?year=2026&tab=benefits'));
    const table = await screen.findByTestId('report-benefit-table');
    expect(await within(table).findByText('2026-03')).toBeTruthy();
    expect(within(table).getByTestId('report-benefit-total').textContent).toContain('¥8,800.00');
    expect(within(screen.getByTestId('report-benefit-products')).getByText('住院互助')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '互助金收支' }));
    const fund = await screen.findByTestId('report-fund-table');
    expect(within(fund).getByText('25.00%')).toBeTruthy();
    expect(within(fund).getByText('¥14,000.00')).toBeTruthy();
    // The year's printable statement: income, each kind paid out, the balance and the ratio.
    const statement = screen.getByTestId('annual-statement');
    expect(statement.textContent).toContain('长沙市总工会2026年度职工医疗互助金收支情况');
    expect(statement.textContent).toContain('一、收入：互助金缴费（5 笔）¥20,000.00');
    expect(statement.textContent).toContain('补助¥500.00');
    expect(statement.textContent).toContain('25.00%');
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(screen.getByTestId('annual-statement-print'));
    expect(print).toHaveBeenCalled();
  });
});
