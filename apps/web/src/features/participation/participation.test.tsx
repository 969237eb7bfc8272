import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Session } from '../../lib/storage';
import { renderInShell, unitSession } from '../../test/render';
import ParticipationPage from './ParticipationPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
const downloads = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../lib/download', () => downloads);

const figures = (enrolled: number, covered: number, waiting: number, dueFen: number, paidFen: number) => ({
  enrolled,
  insured: covered + waiting,
  covered,
  waiting,
  dueFen,
  paidFen,
});
const total = (year: number) => ({
  year,
  periodName: `${year}年度职工医疗互助`,
  startDate: `${year}-01-01`,
  endDate: `${year}-12-31`,
  today: '2026-11-22',
  periods: [
    { year: 2027, name: '2027年度职工医疗互助' },
    { year: 2026, name: '2026年度职工医疗互助' },
  ],
  products: [
    { code: '01', name: '住院医疗互助', ...figures(year === 2026 ? 5 : 0, year === 2026 ? 3 : 0, 1, 0, 30000) },
    { code: '02', name: '女职工特殊疾病互助', ...figures(0, 0, 0, 0, 0) },
  ],
  totals: { staff: 7, ...figures(5, 3, 1, 6000, 30000) },
  subordinates: [
    { uact: 'qydw92101', empName: '长沙市星辰科技有限公司', staff: 7, ...figures(3, 1, 1, 12000, 24000) },
    { uact: 'qydw92102', empName: '长沙市远航物流有限公司', staff: 6, ...figures(0, 0, 0, 0, 0) },
  ],
});
const person = (i: number, state: string, stateLabel: string) => ({
  staffId: i,
  name: `职工${i}`,
  certNo: `43010219850315002${i}`,
  gender: i % 2 ? '1' : '2',
  psnType: '1',
  left: i === 3,
  productCode: '01',
  productName: '住院医疗互助',
  shares: state === 'none' ? null : 1,
  state,
  stateLabel,
  coveredFrom: state === 'covered' ? '2026-03-20' : null,
});

beforeEach(() => {
  downloads.download.mockReset().mockResolvedValue(undefined);
  requests.call.mockReset().mockImplementation(async (call: { name: string }, payload: Record<string, unknown>) => {
    if (call.name === 'joinMedSituationTotal') return { code: 0, data: total((payload.year as number) ?? 2026) };
    if (call.name === 'joinMedSituationList')
      return {
        code: 0,
        data: {
          year: payload.year,
          totlCnt: 25,
          pageNum: payload.pageNum,
          pageSize: payload.pageSize,
          list:
            payload.state === 'covered' ? [person(1, 'covered', '已参保')] : [person(1, 'covered', '已参保'), person(3, 'none', '未参保')],
        },
      };
    throw new Error(`unexpected ${call.name}`);
  });
});

const lastList = () => requests.call.mock.calls.filter(([c]) => c.name === 'joinMedSituationList').at(-1)?.[1];

describe('/participation', () => {
  it('shows the period in force, totals, per-product figures and a union’s subordinates', async () => {
    renderInShell(<ParticipationPage />, { path: '/participation' });
    const totals = await screen.findByTestId('participation-totals');
    expect(within(totals).getByText('在职职工').nextSibling?.textContent).toBe('7');
    expect(within(totals).getByText('待缴金额').nextSibling?.textContent).toBe('¥60.00');
    const products = screen.getByTestId('product-table');
    const hospital = within(products).getByText('住院医疗互助').closest('tr')!;
    expect([...hospital.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '住院医疗互助',
      '5',
      '4',
      '3',
      '1',
      '¥0.00',
      '¥300.00',
    ]);
    // 本期参保 = 保障中 + 等待期, as /Home counts it.
    expect(within(totals).getByText('本期参保').nextSibling?.textContent).toBe('4');
    expect(within(totals).getByText('其中保障已开始 3 人')).toBeTruthy();
    const subs = screen.getByTestId('subordinate-table');
    expect(within(subs).getByText('长沙市星辰科技有限公司')).toBeTruthy();
    expect(within(subs).getByText('合计')).toBeTruthy();
    await waitFor(() => expect(lastList()).toEqual({ year: 2026, pageNum: 1, pageSize: 10 }));
    expect(await screen.findByText('2026-03-20')).toBeTruthy();
    expect(screen.getByText('已减员')).toBeTruthy();
  });

  it('a level-2 unit has no subordinate table', async () => {
    const session: Session = {
      loginType: 'unit',
      unit: { uact: 'qydw92101', psnName: '长沙市星辰科技有限公司', uactLevel: 2, uniType: '' },
    };
    renderInShell(<ParticipationPage />, { path: '/participation', session });
    await screen.findByTestId('participation-totals');
    expect(screen.queryByTestId('subordinate-table')).toBeNull();
  });

  it('filters the person list, keeps the filters across years, and exports what is filtered', async () => {
    renderInShell(<ParticipationPage />, { path: '/participation', session: unitSession });
    await screen.findByText('2026-03-20');
    fireEvent.change(screen.getByPlaceholderText('姓名'), { target: { value: '职工' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '参保状态' }));
    fireEvent.click(await screen.findByTitle('已参保'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastList()).toEqual({ year: 2026, name: '职工', state: 'covered', pageNum: 1, pageSize: 10 }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '互助年度' }));
    fireEvent.click(await screen.findByTitle('2027年度职工医疗互助'));
    await waitFor(() => expect(lastList()).toEqual({ year: 2027, name: '职工', state: 'covered', pageNum: 1, pageSize: 10 }));

    fireEvent.click(screen.getByTestId('export-button'));
    await waitFor(() =>
      expect(downloads.download).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'joinMedSituationExport', sealed: 'either' }),
        { year: 2027, name: '职工', state: 'covered' },
        '长沙市示范联合基层工会2027年度参保情况.xlsx',
      ),
    );
  });

  it('pages on the server', async () => {
    renderInShell(<ParticipationPage />, { path: '/participation' });
    await screen.findByText('2026-03-20');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastList()).toEqual({ year: 2026, pageNum: 2, pageSize: 10 }));
  });

  it('says what went wrong when the figures cannot be loaded', async () => {
    requests.call.mockRejectedValue(new Error('您的单位尚未办理医保参保登记，暂不能使用本功能'));
    renderInShell(<ParticipationPage />, { path: '/participation' });
    expect(await screen.findByText('参保情况加载失败')).toBeTruthy();
  });
});
