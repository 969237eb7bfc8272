import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import PaymentNoticePrintPage from './PaymentNoticePrintPage';
import PaymentPage from './PaymentPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));

const breakdown = [
  { productCode: '01', productName: '住院医疗互助', headcount: 2, shares: 3, rateFen: 6000, amountFen: 18000 },
  { productCode: '03', productName: '重大疾病互助', headcount: 1, shares: 2, rateFen: 6000, amountFen: 12000 },
];
const LIST = {
  today: '2026-11-22',
  totalFen: 36000,
  unpaidFen: 36000,
  overdueCount: 1,
  list: [
    {
      id: 42,
      applicationNo: 'SQ2027000042',
      paymentRef: '2027000000004284',
      year: 2027,
      periodName: '2027年度职工医疗互助',
      kind: 'new',
      kindLabel: '新参',
      state: 'unpaid',
      stateLabel: '待缴费',
      headcount: 2,
      amountFen: 30000,
      payDeadline: '2026-12-31',
      overdue: false,
      submittedAt: null,
      breakdown,
      payment: null,
      arrivals: [],
    },
    {
      id: 7,
      applicationNo: 'SQ2026000007',
      paymentRef: '2026000000000745',
      year: 2026,
      periodName: '2026年度职工医疗互助',
      kind: 'add',
      kindLabel: '增员',
      state: 'unpaid',
      stateLabel: '待缴费',
      headcount: 1,
      amountFen: 6000,
      payDeadline: '2025-12-31',
      overdue: true,
      submittedAt: null,
      breakdown: [breakdown[0]],
      payment: null,
      arrivals: [{ id: 3, bookedOn: '2026-11-20', amountFen: 5000, state: 'waiting' }],
    },
    {
      id: 3,
      applicationNo: 'SQ2026000003',
      paymentRef: '2026000000000357',
      year: 2026,
      periodName: '2026年度职工医疗互助',
      kind: 'new',
      kindLabel: '新参',
      state: 'effective',
      stateLabel: '已生效',
      headcount: 1,
      amountFen: 6000,
      payDeadline: '2025-12-31',
      overdue: false,
      submittedAt: null,
      breakdown: [breakdown[0]],
      payment: { paidOn: '2025-12-20', voucherNo: 'ICBC-001', amountFen: 6000 },
      arrivals: [],
    },
  ],
};
const NOTICE = {
  noticeNo: 'SQ2027000042',
  applicationId: 42,
  applicationNo: 'SQ2027000042',
  paymentRef: '2027000000004284',
  unitName: '长沙市星辰科技有限公司',
  uact: 'qydw92101',
  uscc: '91430100MA4L1010D5',
  year: 2027,
  periodName: '2027年度职工医疗互助',
  coverFrom: '2027-01-01',
  coverTo: '2027-12-31',
  kindLabel: '新参',
  state: 'unpaid',
  stateLabel: '待缴费',
  breakdown,
  headcount: 2,
  totalFen: 30000,
  totalCapital: '叁佰元整',
  payDeadline: '2026-12-31',
  overdue: false,
  account: { name: '长沙市总工会', bank: '中国工商银行长沙市分行营业部', accountNo: '1901 0000 0920 0000 888' },
  payee: '长沙市总工会',
  issuedOn: '2026-11-22',
  payment: null,
};

beforeEach(() => {
  requests.call.mockReset().mockImplementation(async (call: { name: string }, payload: unknown) => {
    if (call.name === 'payableList') return { code: 0, data: LIST };
    if (call.name === 'paymentNotice') {
      if ((payload as { id: string }).id === '99') throw new Error('缴费通知单不存在：该申请不是本单位待缴费或已缴费的申请');
      return { code: 0, data: NOTICE };
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('/payment', () => {
  it('lists the payables with state tags, 逾期 in red, totals and the payment record', async () => {
    renderInShell(<PaymentPage />, { path: '/payment' });
    expect(await screen.findByText('SQ2027000042')).toBeTruthy();
    expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'payableList', needInsured: true }), {});
    expect(screen.getByTestId('unpaid-total').textContent).toBe('¥360.00');
    const late = screen.getByText('SQ2026000007').closest('tr')!;
    expect(within(late).getByTestId('overdue-tag').textContent).toBe('逾期');
    // A transfer that arrived short waits for the union's check: the unit sees it arrived.
    expect(within(late).getByRole('list', { name: '银行到账' }).textContent).toBe('2026-11-20 ¥50.00 已到账，待市总工会核对');
    expect(screen.getAllByTestId('overdue-tag')).toHaveLength(1);
    expect(screen.getByText('有 1 笔申请已超过缴费截止日期仍未缴费')).toBeTruthy();
    expect(screen.getByText('凭证号 ICBC-001', { exact: false }).textContent).toBe('2025-12-20 · ¥60.00凭证号 ICBC-001');
    expect(within(screen.getByText('SQ2026000003').closest('tr')!).getByText('已生效')).toBeTruthy();
  });

  it('shows the per-product breakdown of a row', async () => {
    renderInShell(<PaymentPage />, { path: '/payment' });
    const row = (await screen.findByText('SQ2027000042')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /展开行|Expand row/ }));
    expect(await screen.findByText('重大疾病互助')).toBeTruthy();
    expect(screen.getAllByText('¥60.00/年').length).toBeGreaterThan(0);
    expect(screen.getAllByText('¥300.00', { selector: 'strong' })).toHaveLength(2);
  });

  it('filters by state', async () => {
    renderInShell(<PaymentPage />, { path: '/payment' });
    await screen.findByText('SQ2027000042');
    fireEvent.click(screen.getByText('逾期', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.queryByText('SQ2027000042')).toBeNull());
    expect(screen.getByText('SQ2026000007')).toBeTruthy();
  });

  it('打印缴费通知单 opens /print with the notice', async () => {
    const { router } = renderInShell(<PaymentPage />, {
      path: '/payment',
      routes: [{ path: '/print', element: <PaymentNoticePrintPage /> }],
    });
    fireEvent.click(await screen.findByTestId('print-notice-42'));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=payment-notice&id=42'));
    expect(await screen.findByText('职工医疗互助缴费通知单')).toBeTruthy();
  });
});

describe('the payment notice on /print', () => {
  it('shows the breakdown, the total in figures and capitals, the account and the deadline', async () => {
    renderInShell(<PaymentNoticePrintPage />, { path: '/print?kind=payment-notice&id=42' });
    expect(await screen.findByText('职工医疗互助缴费通知单')).toBeTruthy();
    expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'paymentNotice' }), { id: '42' }, { silent: true });
    expect(screen.getByTestId('notice-total').textContent).toBe('¥300.00');
    expect(screen.getByTestId('notice-capital').textContent).toBe('人民币叁佰元整');
    expect(screen.getByTestId('notice-account-no').textContent).toBe('1901 0000 0920 0000 888');
    expect(screen.getByTestId('notice-reference').textContent).toBe('2027 0000 0000 4284');
    expect(screen.getByText('2026-12-31')).toBeTruthy();
    expect(screen.getByText('长沙市星辰科技有限公司（qydw92101）')).toBeTruthy();
    expect((screen.getByTestId('print-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the application is not the unit’s', async () => {
    renderInShell(<PaymentNoticePrintPage />, { path: '/print?kind=payment-notice&id=99' });
    expect(await screen.findByText('缴费通知单不存在：该申请不是本单位待缴费或已缴费的申请')).toBeTruthy();
    expect((screen.getByTestId('print-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for an application when none is named', async () => {
    renderInShell(<PaymentNoticePrintPage />, { path: '/print?kind=payment-notice' });
    expect(await screen.findByText('未指定要打印的申请')).toBeTruthy();
    expect(requests.call).not.toHaveBeenCalled();
  });
});
