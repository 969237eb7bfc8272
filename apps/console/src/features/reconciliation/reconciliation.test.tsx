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
const application = {
  id: 42,
  applicationNo: 'SQ2027000042',
  paymentRef: '2027000000004284',
  uact: 'qydw92101',
  empName: '长沙市新星公司',
  dueFen: 18_000,
};
const credit = (id: number, txnId: string, amountFen: number, reason: string, withApplication = true) => ({
  id,
  statementId: 1,
  bank: 'ICBC',
  txnId,
  bookedOn: '2026-11-21',
  amountFen,
  payerName: '长沙市新星公司',
  payerAccount: '6222020200112233',
  memo: '互助金 2027000000004284',
  state: 'exception',
  reason,
  application: withApplication ? application : null,
  resolvedBy: null,
  resolvedAt: null,
  note: null,
});

const preview = {
  batchId: '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8',
  fileName: '工行流水.csv',
  total: 4,
  valid: 3,
  invalid: 1,
  expiresAt: '2026-11-27T03:00:00.000Z',
  invalidRows: [
    { rowNo: 7, txnId: 'X1', bookedOn: '2026-13-01', amount: '10.00', payerName: '乙', reason: '交易日期“2026-13-01”不是有效日期' },
  ],
  bank: '工商银行',
  outcome: { credits: 3, matched: 1, exceptions: 2, repeated: 0, reasons: { partial: 1, noReference: 1 } },
};

let matchAnswer: () => unknown;
beforeEach(() => {
  onScreenWidth(1366);
  matchAnswer = () => ok({ applicationNo: 'SQ2027000042', amountFen: 18_000, credits: 2 });
  requests.call.mockReset().mockImplementation(async (call: { name: string }, payload?: { state?: string }) => {
    if (call.name === 'opsDashboard') return ok(waiting);
    if (call.name === 'opsBankFormatList') return ok({ list: [] });
    if (call.name === 'opsStatementList')
      return ok({
        list: [
          {
            id: 1,
            bank: 'ICBC',
            fileName: '11月.csv',
            loadedBy: '钱会计',
            loadedAt: '2026-11-27T01:00:00.000Z',
            credits: 3,
            matched: 1,
            exceptions: 2,
            repeated: 0,
          },
        ],
      });
    if (call.name === 'opsCreditList')
      return ok({
        list:
          payload?.state === 'exception'
            ? [credit(2, 'T2', 10_000, 'partial'), credit(3, 'T3', 8_000, 'partial'), credit(4, 'T4', 5_000, 'noReference', false)]
            : [],
        next: null,
      });
    if (call.name === 'opsCreditMatch') return matchAnswer();
    if (call.name === 'opsBureauFileProgress') return ok({ rows: 0 });
    if (call.name === 'opsStatementStage') return ok(preview);
    if (call.name === 'opsStatementConfirm')
      return ok({ statementId: 2, credits: 3, matched: 1, exceptions: 2, repeated: 0, reasons: { partial: 1, noReference: 1 } });
    if (call.name === 'opsCreditClose') return ok({ creditId: 4, state: 'refunded' });
    throw new Error(`unexpected ${call.name}`);
  });
});

const payloadsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name).map(([, payload]) => payload);

describe('银行对账', () => {
  it('lists the exceptions with their reason and the likely notice', async () => {
    renderConsole('/reconciliation', finance);
    const row = (await screen.findByText('ICBC T2')).closest('tr')!;
    expect(row.textContent).toContain('¥100.00');
    expect(row.textContent).toContain('少于应缴金额（部分缴费）');
    expect(row.textContent).toContain('SQ2027000042');
    expect(screen.getByText('ICBC T4').closest('tr')!.textContent).toContain('附言无缴费识别码');
  });

  it('matches two partial transfers to one notice; a refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    renderConsole('/reconciliation', finance);
    await user.click(await screen.findByRole('checkbox', { name: '选择流水 T2' }));
    await user.click(screen.getByRole('checkbox', { name: '选择流水 T3' }));
    expect(screen.getByTestId('credit-batch').textContent).toContain('已选 2 笔，合计 ¥180.00');
    matchAnswer = () => {
      throw new RequestError('所选到账合计 ¥180.00 与通知单 SQ2027000042 的应缴金额 ¥240.00 不一致', 'business', 1);
    };
    await user.click(screen.getByTestId('match-selected'));
    expect((screen.getByTestId('match-application') as HTMLInputElement).value).toBe('SQ2027000042');
    await user.click(screen.getByTestId('match-confirm'));
    expect((await screen.findByTestId('match-refusal')).textContent).toContain('不一致');
    expect(payloadsOf('opsCreditMatch')).toHaveLength(1);
    matchAnswer = () => ok({ applicationNo: 'SQ2027000042', amountFen: 18_000, credits: 2 });
    await user.click(screen.getByTestId('match-confirm'));
    await waitFor(() => expect(payloadsOf('opsCreditMatch')).toHaveLength(2));
    expect(payloadsOf('opsCreditMatch')[1]).toEqual({ creditIds: [2, 3], application: 'SQ2027000042' });
    // Matched: the selection is cleared (the list refreshes from the server).
    await waitFor(() => expect(screen.queryByTestId('credit-batch')).toBeNull());
  });

  it('refunds with a note; the view stays in the URL', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/reconciliation', finance);
    await user.click(await screen.findByTestId('refund-T4'));
    await user.click(screen.getByTestId('reason-confirm'));
    expect(await screen.findByText('请输入处理说明')).toBeTruthy();
    await user.type(screen.getByTestId('reason-text'), '非互助金，已退回');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() => expect(payloadsOf('opsCreditClose')).toEqual([{ creditId: 4, to: 'refunded', note: '非互助金，已退回' }]));
    await user.click(within(screen.getByTestId('credit-view')).getByText('导入记录'));
    expect(router.state.location.search).toBe('?view=statements');
    expect((await screen.findByTestId('statement-table')).textContent).toContain('11月.csv');
  });

  it('uploads a statement with its bank, previews what loading would do, then confirms it', async () => {
    const user = userEvent.setup();
    renderConsole('/reconciliation', finance);
    const input = (await screen.findByTestId('load-file')).closest('span')!.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['交易日期'], '工行流水.csv', { type: 'text/csv' }));
    const shown = await screen.findByTestId('load-preview');
    expect(shown.textContent).toContain('已检查 4 行，尚未导入');
    expect(shown.textContent).toContain('少于应缴金额（部分缴费） 1 笔');
    expect(within(shown).getByText('交易日期“2026-13-01”不是有效日期')).toBeTruthy();
    const [, body] = requests.call.mock.calls.find(([call]) => call.name === 'opsStatementStage')!;
    expect((body as FormData).get('bank')).toBe('工商银行');
    await user.click(screen.getByTestId('load-confirm'));
    await waitFor(() => expect(payloadsOf('opsStatementConfirm')).toEqual([{ batchId: preview.batchId }]));
    expect((await screen.findByTestId('statement-report')).textContent).toContain('自动核对并确认缴费 1 笔，待处理 2 笔');
  });

  it('shows the auditor the lists without the import or any action', async () => {
    renderConsole('/reconciliation', auditor);
    await screen.findByText('ICBC T2');
    expect(screen.queryByTestId('load-file')).toBeNull();
    expect(screen.queryByTestId('refund-T4')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: '选择流水 T2' })).toBeNull();
  });
});
