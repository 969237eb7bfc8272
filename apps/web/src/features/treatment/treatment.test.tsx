import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { personalSession, renderInShell, unitSession } from '../../test/render';
import TreatmentPersonalPage from './TreatmentPersonalPage';
import TreatmentQueryPage from './TreatmentQueryPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
const downloads = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../lib/download', () => downloads);

const row = (i: number, over: Record<string, unknown> = {}) => ({
  id: String(i),
  key: `2026-05-${String(10 + (i % 10)).padStart(2, '0')}_${i}`,
  name: `职工${i}`,
  certNo: '4301**********0022',
  year: 2026,
  productCode: '01',
  productName: '住院医疗互助',
  hospitalName: '中南大学湘雅医院',
  kind: 'inpatient',
  kindLabel: '住院',
  admittedOn: '2026-05-01',
  dischargedOn: `2026-05-${String(10 + (i % 10)).padStart(2, '0')}`,
  selfPolicyFen: 1_200_000,
  baseFen: 1_100_000,
  amountFen: 530_000,
  paidFen: 0,
  dueFen: 530_000,
  state: 'pending',
  stateLabel: '待发放',
  reason: null,
  paidOn: null,
  payoutFailure: null,
  ...over,
});

const detail = {
  ...row(1),
  unitName: '长沙市星辰科技有限公司',
  settlement: {
    settlementNo: 'YB2026001',
    hospitalLevel: '3',
    hospitalLevelLabel: '三级',
    settledOn: '2026-05-12',
    totalFen: 4_850_000,
    policyFen: 4_800_000,
    fundFen: 3_600_000,
    selfPolicyFen: 1_200_000,
    selfExcludedFen: 50_000,
    diagnosisCode: 'I21.900',
    diagnosisName: '急性心肌梗死',
    reversed: false,
    version: 1,
  },
  computation: {
    shares: 1,
    coveredFrom: '2026-01-01',
    deductibleFen: 100_000,
    capFen: 3_000_000,
    cumulativeBeforeFen: 0,
    bands: [
      { fromFen: 0, uptoFen: 500_000, ratioPct: 45, partFen: 500_000, amountFen: 225_000 },
      { fromFen: 500_000, uptoFen: 1_000_000, ratioPct: 50, partFen: 500_000, amountFen: 250_000 },
      { fromFen: 1_000_000, uptoFen: 2_000_000, ratioPct: 55, partFen: 100_000, amountFen: 55_000 },
      { fromFen: 2_000_000, uptoFen: null, ratioPct: 70, partFen: 0, amountFen: 0 },
    ],
    bandedFen: 530_000,
  },
  batchNo: null,
};

let empty = false;
beforeEach(() => {
  empty = false;
  downloads.download.mockReset().mockResolvedValue(undefined);
  requests.call.mockReset().mockImplementation(async (call: { name: string }, payload: Record<string, unknown>) => {
    if (call.name === 'periodList')
      return {
        code: 0,
        data: {
          today: '2026-11-22',
          list: [2027, 2026].map((year) => ({
            year,
            name: `${year}年度职工医疗互助`,
            products: [
              { code: '01', name: '住院医疗互助' },
              { code: '03', name: '重大疾病互助' },
            ],
          })),
        },
      };
    if (call.name === 'treatmentPage' || call.name === 'treatmentPersonalPage') {
      const list = empty
        ? []
        : Array.from({ length: 10 }, (_, i) =>
            row(
              i + 1 + ((payload.pageNum as number) - 1) * 10,
              i === 1
                ? { state: 'paid', stateLabel: '已发放', paidFen: 530_000, dueFen: 0, paidOn: '2026-08-15' }
                : i === 2
                  ? { amountFen: 0, dueFen: 0, state: 'none', stateLabel: '无待遇', reason: '等待期内入院（保障自2026-06-01起）' }
                  : i === 3
                    ? { payoutFailure: '户名与卡号不符' }
                    : {},
            ),
          );
      return {
        code: 0,
        data: {
          list,
          totlCnt: empty ? 0 : 25,
          pageNum: payload.pageNum,
          pageSize: payload.pageSize,
          totals:
            payload.withTotals === false
              ? null
              : empty
                ? { count: 0, amountFen: 0, paidFen: 0, pendingFen: 0 }
                : { count: 25, amountFen: 12_720_000, paidFen: 530_000, pendingFen: 12_190_000 },
        },
      };
    }
    if (call.name === 'treatmentDetail' || call.name === 'treatmentPersonalDetail') return { code: 0, data: detail };
    throw new Error(`unexpected ${call.name}`);
  });
});

const lastOf = (name: string) => requests.call.mock.calls.filter(([c]) => c.name === name).at(-1)?.[1];

describe('/mutual-aid-treatment-query (unit)', () => {
  it('lists the staff’s treatments with masked ID numbers, states, reasons and the totals above', async () => {
    renderInShell(<TreatmentQueryPage />, { path: '/mutual-aid-treatment-query', session: unitSession });
    const table = await screen.findByTestId('treatment-table');
    expect(await within(table).findByText('职工1')).toBeTruthy();
    expect(within(table).getAllByText('4301**********0022')).toHaveLength(10);
    expect(within(table).getByText('已发放', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(table).getByText('等待期内入院（保障自2026-06-01起）')).toBeTruthy();
    // A payment the bank returned: 待发放 again, with the bank's reason.
    expect(within(table).getByTestId('payout-failure-4').textContent).toBe('发放失败：户名与卡号不符');
    expect(screen.getByTestId('total-amount').textContent).toContain('¥127,200.00');
    expect(screen.getByTestId('total-pending').textContent).toContain('¥121,900.00');
    expect(within(screen.getByTestId('treatment-totals')).getByText('25 条')).toBeTruthy();
    expect(lastOf('treatmentPage')).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('filters, steps to the next page by keyset, and exports what is filtered', async () => {
    renderInShell(<TreatmentQueryPage />, { path: '/mutual-aid-treatment-query', session: unitSession });
    await screen.findByText('职工1');
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: ' 职工 ' } });
    fireEvent.change(screen.getByTestId('filter-hospital'), { target: { value: '湘雅' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('待发放'));
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() =>
      expect(lastOf('treatmentPage')).toEqual({ name: '职工', hospital: '湘雅', state: 'pending', pageNum: 1, pageSize: 10 }),
    );
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(lastOf('treatmentPage')).toEqual({
        name: '职工',
        hospital: '湘雅',
        state: 'pending',
        pageNum: 2,
        pageSize: 10,
        afterKey: '2026-05-10_10',
        withTotals: false,
      }),
    );
    // Page 2 does not ask for the totals: those of the first page stay above the table.
    expect(await screen.findByText('职工11')).toBeTruthy();
    expect(screen.getByTestId('total-amount').textContent).toContain('¥127,200.00');
    fireEvent.click(screen.getByTestId('treatment-export'));
    await waitFor(() =>
      expect(downloads.download).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'treatmentExport', sealed: 'either' }),
        { name: '职工', hospital: '湘雅', state: 'pending' },
        '互助待遇.xlsx',
      ),
    );
  });

  it('opens the detail: the settlement’s figures and how the amount was computed', async () => {
    renderInShell(<TreatmentQueryPage />, { path: '/mutual-aid-treatment-query', session: unitSession });
    await screen.findByText('职工1');
    fireEvent.click(screen.getByTestId('detail-1'));
    const drawer = await screen.findByTestId('treatment-detail');
    expect(lastOf('treatmentDetail')).toEqual({ id: '1' });
    // The drawer body scrolls and holds no control: the detail itself takes the keyboard focus.
    expect(screen.getByRole('region', { name: '互助待遇详情' })).toBe(drawer);
    expect(drawer.getAttribute('tabindex')).toBe('0');
    expect(within(drawer).getByText('急性心肌梗死（I21.900）')).toBeTruthy();
    expect(within(drawer).getByText('¥48,500.00')).toBeTruthy();
    expect(within(drawer).getByText('中南大学湘雅医院（三级）')).toBeTruthy();
    expect(within(drawer).getByText('5,000.00 – 10,000.00 元')).toBeTruthy();
    expect(within(drawer).getByText('20,000.00 元以上')).toBeTruthy();
    expect(within(drawer).getByText('分段计算结果')).toBeTruthy();
    expect(within(drawer).getAllByText('¥5,300.00').length).toBeGreaterThan(1);
  });

  it('says why the list is empty', async () => {
    empty = true;
    renderInShell(<TreatmentQueryPage />, { path: '/mutual-aid-treatment-query', session: unitSession });
    expect(await screen.findByText(/暂无互助待遇记录：医保结算数据由市总工会定期导入/)).toBeTruthy();
    expect((screen.getByTestId('treatment-export') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('/mutual-aid-treatment-query-personal', () => {
  it('lists the person’s own rows through the personal calls, without name and ID number columns', async () => {
    renderInShell(<TreatmentPersonalPage />, { path: '/mutual-aid-treatment-query-personal', session: personalSession });
    const table = await screen.findByTestId('treatment-table');
    await within(table).findAllByText('中南大学湘雅医院');
    expect(within(table).queryByText('职工1')).toBeNull();
    expect(screen.queryByTestId('filter-name')).toBeNull();
    expect(lastOf('treatmentPersonalPage')).toEqual({ pageNum: 1, pageSize: 10 });
    expect(requests.call.mock.calls.some(([c]) => c.name === 'treatmentPage')).toBe(false);
    fireEvent.click(screen.getByTestId('detail-1'));
    await screen.findByTestId('treatment-detail');
    expect(lastOf('treatmentPersonalDetail')).toEqual({ id: '1' });
    fireEvent.click(screen.getByTestId('treatment-export'));
    await waitFor(() =>
      expect(downloads.download).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'treatmentPersonalExport' }),
        {},
        '我的互助待遇.xlsx',
      ),
    );
  });

  it('the empty state speaks to the person', async () => {
    empty = true;
    renderInShell(<TreatmentPersonalPage />, { path: '/mutual-aid-treatment-query-personal', session: personalSession });
    expect(await screen.findByText(/您住院或门诊特殊病的结算导入后/)).toBeTruthy();
  });
});
