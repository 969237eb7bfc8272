import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { homeCalls } from '@hall/shared/contracts/home.ts';
import { unionReportCalls } from '@hall/shared/contracts/union-reports.ts';
import { renderInShell } from '../../test/render';
import HomePage from './HomePage';
import UnionReport from './components/UnionReport';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
const downloads = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
vi.mock('../../lib/download', () => downloads);
// The chart needs a canvas: it stands as its words (its options builder is tested in packages/client).
vi.mock('@hall/client/charts/BarsChart.tsx', async () => {
  const { barsSummary } = await import('@hall/client/charts/options.ts');
  return { default: ({ spec }: { spec: Parameters<typeof barsSummary>[0] }) => <div data-testid="echart">{barsSummary(spec)}</div> };
});
vi.mock('./components/HomeChart', () => ({ default: () => <div /> }));

const FUND = {
  list: [2026, 2025].map((year) => ({
    year,
    periodName: `${year}年度职工医疗互助`,
    payments: 3,
    receivedFen: 300_000,
    paidOutFen: year === 2026 ? 120_000 : 0,
    paidTreatmentFen: 100_000,
    paidClaimFen: 20_000,
    committedFen: 5_000,
    balanceFen: 175_000,
    payoutRatio: year === 2026 ? 0.4 : 0,
  })),
};
const ENROLMENT = {
  list: [
    { key: '11', label: '长沙市高新区联合基层工会', units: 1, lines: 10, shares: 12, dueFen: 120_000, receivedFen: 120_000, rate: 1 },
    { key: '12', label: '长沙市星辰科技有限公司', units: 1, lines: 20, shares: 20, dueFen: 200_000, receivedFen: 100_000, rate: 0.5 },
  ],
  total: { units: 2, lines: 30, shares: 32, dueFen: 320_000, receivedFen: 220_000, rate: 0.6875 },
};
const month = (m: number, fen: number) => ({
  month: `2026-${String(m).padStart(2, '0')}`,
  treatments: fen ? 1 : 0,
  treatmentFen: fen,
  claims: 0,
  claimFen: 0,
});
const BENEFITS = {
  months: Array.from({ length: 12 }, (_, i) => month(i + 1, i === 2 ? 88_800 : 0)),
  products: [],
  total: { treatments: 1, treatmentFen: 88_800, claims: 0, claimFen: 0 },
};
const NO_BENEFITS = {
  months: Array.from({ length: 12 }, (_, i) => month(i + 1, 0)),
  products: [],
  total: { treatments: 0, treatmentFen: 0, claims: 0, claimFen: 0 },
};

function answer(over: Record<string, unknown> = {}) {
  const by: Record<string, unknown> = {
    [unionReportCalls.unionReportFund.path]: FUND,
    [unionReportCalls.unionReportEnrolment.path]: ENROLMENT,
    [unionReportCalls.unionReportBenefits.path]: BENEFITS,
    ...over,
  };
  requests.call.mockImplementation((call: { path: string }) =>
    Promise.resolve({ code: 0, type: 'success', message: '', data: by[call.path] }),
  );
}

beforeEach(() => {
  requests.call.mockReset();
  downloads.download.mockReset().mockResolvedValue(undefined);
});

describe('本工会统计报表', () => {
  it('shows this year’s enrolment by unit with its totals and chart, another grouping on request, and exports it', async () => {
    answer();
    renderInShell(<UnionReport thisYear={2026} />, { path: '/Home' });
    const table = await screen.findByTestId('union-report-enrolment');
    await within(table).findByText('长沙市星辰科技有限公司');
    expect(table.textContent).toContain('¥2,000.00');
    expect(table.textContent).toContain('50.00%');
    expect(screen.getByTestId('union-report-enrolment-total').textContent).toBe('合计23032¥3,200.00¥2,200.0068.75%');
    expect((await screen.findByTestId('echart')).textContent).toContain('长沙市星辰科技有限公司应缴金额¥2,000.00');
    expect(requests.call).toHaveBeenCalledWith(unionReportCalls.unionReportEnrolment, { year: 2026, by: 'unit' });
    // Nothing in any call names the union: the server takes it from the session.
    for (const [, body] of requests.call.mock.calls) expect(JSON.stringify(body ?? {})).not.toMatch(/union|uact/i);

    fireEvent.click(screen.getByText('按险种'));
    await waitFor(() => expect(requests.call).toHaveBeenCalledWith(unionReportCalls.unionReportEnrolment, { year: 2026, by: 'product' }));
    fireEvent.click(screen.getByTestId('union-report-export-enrolment'));
    await waitFor(() =>
      expect(downloads.download).toHaveBeenCalledWith(
        unionReportCalls.unionReportEnrolmentExport,
        { year: 2026, by: 'product' },
        '本工会参保统计-2026.xlsx',
      ),
    );
  });

  it('the benefits by month and the fund per period, each with its export; an empty year says so', async () => {
    answer();
    renderInShell(<UnionReport thisYear={2026} />, { path: '/Home' });
    fireEvent.click(await screen.findByRole('tab', { name: '待遇统计' }));
    const benefits = await screen.findByTestId('union-report-benefits');
    await within(benefits).findByText('2026-03');
    expect(screen.getByTestId('union-report-benefits-total').textContent).toBe('合计1¥888.000¥0.00');
    fireEvent.click(screen.getByRole('tab', { name: '互助金收支' }));
    const fund = await screen.findByTestId('union-report-fund');
    expect(fund.textContent).toContain('2026年度职工医疗互助');
    expect(fund.textContent).toContain('40.00%');
    fireEvent.click(screen.getByTestId('union-report-export-fund'));
    await waitFor(() =>
      expect(downloads.download).toHaveBeenCalledWith(unionReportCalls.unionReportFundExport, undefined, '本工会互助金收支.xlsx'),
    );

    answer({ [unionReportCalls.unionReportBenefits.path]: NO_BENEFITS });
    fireEvent.click(screen.getByRole('tab', { name: '待遇统计' }));
    fireEvent.mouseDown(within(screen.getByTestId('union-report')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('2025年度'));
    expect(await screen.findByText('2025年本工会及下属单位暂无互助待遇与补助')).toBeTruthy();
    expect((screen.getByTestId('union-report-export-benefits') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a union without any period is told there are no figures yet', async () => {
    answer({ [unionReportCalls.unionReportFund.path]: { list: [] } });
    renderInShell(<UnionReport thisYear={2026} />, { path: '/Home' });
    expect(await screen.findByText('尚无互助年度，暂无统计数据')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('is on the home page of a level-1 union only', async () => {
    answer({ [homeCalls.homeFigures.path]: undefined });
    const { unmount } = renderInShell(<HomePage />, { path: '/Home' });
    expect(await screen.findByTestId('union-report')).toBeTruthy();
    unmount();
    requests.call.mockClear();
    renderInShell(<HomePage />, {
      path: '/Home',
      session: { loginType: 'unit', unit: { uact: 'qydw92101', psnName: '长沙市星辰科技有限公司', uactLevel: 2, uniType: '92' } },
    });
    await screen.findByTestId('home-page');
    await waitFor(() => expect(requests.call).toHaveBeenCalled());
    expect(screen.queryByTestId('union-report')).toBeNull();
    expect(requests.call.mock.calls.map(([call]) => call.path)).not.toContain(unionReportCalls.unionReportFund.path);
  });
});
