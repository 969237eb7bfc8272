import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { RequestError } from '../../lib/request';
import { ok, renderConsole, waiting } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const finance = { loginName: 'ops-finance', name: '钱会计', roles: ['finance' as const], mustChangePassword: false };
const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };
const payable = {
  id: 42,
  applicationNo: 'SQ2027000042',
  paymentRef: '2027000000004284',
  year: 2027,
  uact: 'qydw92101',
  empName: '长沙市新星公司',
  headcount: 3,
  amountFen: 24_000,
  payDeadline: '2026-11-20',
  overdue: true,
  daysLeft: -7,
};
const entry = {
  applicationId: 43,
  applicationNo: 'SQ2027000043',
  uact: 'qydw92102',
  empName: '长沙市远大公司',
  amountFen: 6_000_000,
  enteredBy: '孙出纳',
  enteredAt: '2026-11-26T02:00:00.000Z',
};
const paymentOf = { applicationId: 42, applicationNo: 'SQ2027000042', uact: 'qydw92101', empName: '长沙市新星公司', amountFen: 24_000 };

let confirmAnswer: () => unknown;
beforeEach(() => {
  onScreenWidth(1366);
  confirmAnswer = () => ok({ state: 'entered', ...paymentOf, paidOn: '2026-11-25', voucherNo: 'V-1' });
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'opsDashboard') return ok(waiting);
    if (call.name === 'opsPayableList') return ok({ today: '2026-11-27', list: [payable] });
    if (call.name === 'opsPaymentEntryList') return ok({ list: [entry] });
    if (call.name === 'opsPaymentConfirm') return confirmAnswer();
    throw new Error(`unexpected ${call.name}`);
  });
});

const payloadsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name).map(([, payload]) => payload);

describe('缴费确认', () => {
  it('lists the unpaid with amount and deadline; 仅看逾期 asks the server and stays in the URL', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/payments', finance);
    const row = (await screen.findByText('SQ2027000042')).closest('tr')!;
    expect(row.textContent).toContain('¥240.00');
    expect(row.textContent).toContain('逾期 7 天');
    await user.click(screen.getByTestId('payment-overdue'));
    await waitFor(() => expect(payloadsOf('opsPayableList')).toContainEqual({ overdue: true }));
    expect(router.state.location.search).toBe('?overdue=1');
  });

  it('confirms from the voucher (Enter submits) and says when it waits for a second operator', async () => {
    const user = userEvent.setup();
    renderConsole('/payments', finance);
    await user.click(await screen.findByTestId('confirm-SQ2027000042'));
    await user.type(screen.getByTestId('payment-voucher'), 'V-1');
    await user.click(screen.getByTestId('payment-submit'));
    expect(await screen.findByText('请输入实缴金额')).toBeTruthy();
    expect(payloadsOf('opsPaymentConfirm')).toEqual([]);
    await user.type(screen.getByTestId('payment-amount'), '240{Enter}');
    await waitFor(() =>
      expect(payloadsOf('opsPaymentConfirm')).toEqual([
        { application: '42', amount: '240', paidOn: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), voucherNo: 'V-1' },
      ]),
    );
    expect((await screen.findAllByText('已登记，待复核：SQ2027000042')).length).toBeGreaterThan(0);
    expect(payloadsOf('opsPaymentConfirm')).toHaveLength(1);
  });

  it("the second check: the waiting entry names who entered it; the server's refusal stays in the dialog", async () => {
    const user = userEvent.setup();
    confirmAnswer = () => Promise.reject(new RequestError('申请 SQ2027000043 的缴费由您登记，须由另一名财务人员复核确认', 'business', 1));
    renderConsole('/payments?view=entries', finance);
    const row = (await screen.findByText('SQ2027000043')).closest('tr')!;
    expect(row.textContent).toContain('孙出纳');
    expect(row.textContent).toContain('¥60,000.00');
    await user.click(screen.getByTestId('check-SQ2027000043'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('请按银行回单重新录入金额、缴费日期和凭证号，须与登记的一致')).toBeTruthy();
    expect((screen.getByTestId('payment-voucher') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByTestId('payment-amount'), '60000');
    await user.type(screen.getByTestId('payment-voucher'), 'BIG-1');
    await user.click(screen.getByTestId('payment-submit'));
    expect((await screen.findByTestId('payment-refusal')).textContent).toContain('须由另一名财务人员复核确认');
    expect(payloadsOf('opsPaymentConfirm')).toEqual([expect.objectContaining({ application: '43', amount: '60000', voucherNo: 'BIG-1' })]);
  });

  it('the auditor reads both lists without 确认缴费 (confirming writes)', async () => {
    renderConsole('/payments', auditor);
    expect(await screen.findByText('SQ2027000042')).toBeTruthy();
    expect(screen.queryByTestId('confirm-SQ2027000042')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });
});
