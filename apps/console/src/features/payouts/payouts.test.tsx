import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole, waiting } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));
const downloads = vi.hoisted(() => ({ download: vi.fn(async () => undefined) }));
vi.mock('../../lib/download', () => downloads);

const finance = { loginName: 'ops-finance', name: '钱会计', roles: ['finance' as const], mustChangePassword: false };
const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };
const treatment = {
  id: '7',
  settlementNo: 'JS-001',
  name: '张三',
  certNo: '4301********0011',
  year: 2026,
  productCode: '01',
  hospitalName: '湘雅医院',
  dischargedOn: '2026-10-01',
  amountFen: 180_000,
  paidFen: 0,
  dueFen: 180_000,
  state: 'pending',
  stateLabel: '待发放',
  reason: null,
  hold: null,
  batchNo: null,
};
const claim = (id: number, hasBankCard: boolean) => ({
  id,
  claimNo: `BZ2026${String(id).padStart(6, '0')}`,
  type: 'hospital',
  typeLabel: '住院补助',
  state: 'approved',
  stateLabel: '待发放',
  filedBy: 'unit',
  personName: id === 1 ? '李四' : '王五',
  certNo: '4301********0022',
  unitName: '长沙市新星公司',
  periodYear: 2026,
  admittedOn: null,
  dischargedOn: null,
  hospitalName: null,
  diagnosisName: null,
  days: null,
  amountFen: 50_000,
  reason: null,
  createdAt: '2026-11-01T02:00:00.000Z',
  submittedAt: '2026-11-01T02:00:00.000Z',
  decidedAt: '2026-11-20T02:00:00.000Z',
  paidAt: null,
  uact: 'qydw92101',
  hasBankCard,
});
const batch = {
  id: 3,
  batchNo: 'BZFF2026112700001',
  kind: 'claim',
  count: 1,
  totalFen: 50_000,
  operator: '钱会计',
  paidOn: '2026-11-27',
  state: 'sent',
  lines: 1,
  paidLines: 0,
  failedLines: 0,
  closedAt: null,
  createdAt: '2026-11-27T03:00:00.000Z',
};
/** A treatment batch the bank answered in part: one line paid, one failed, one waiting. */
const sent = {
  ...batch,
  id: 4,
  batchNo: 'FF2026112700001',
  kind: 'treatment',
  count: 3,
  totalFen: 300_000,
  lines: 3,
  paidLines: 1,
  failedLines: 1,
};

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'opsDashboard') return ok(waiting);
    if (call.name === 'opsTreatmentList')
      return ok({ list: [treatment], total: { count: 1, amountFen: 180_000, paidFen: 0, dueFen: 180_000 } });
    if (call.name === 'opsClaimList') return ok({ list: [claim(1, true), claim(2, true)] });
    if (call.name === 'opsPayoutBatchList') return ok({ list: [batch, sent] });
    if (call.name === 'opsPayoutFailedLines')
      return ok({
        list: [
          {
            lineNo: 2,
            name: '赵六',
            bankName: '长沙银行',
            bankCard: '6217 **** 7889',
            amountFen: 100_000,
            reason: '户名与卡号不符',
            repaidIn: null,
          },
        ],
        total: 1,
      });
    if (call.name === 'opsPayoutResultLoad')
      return ok({ batchNo: 'FF2026112700001', rows: 1, paid: 1, failed: 0, unchanged: 0, waiting: 0, state: 'closed' });
    if (call.name === 'opsTreatmentPay')
      return ok({
        batchId: 4,
        batchNo: 'FF2026112700001',
        paidOn: '2026-11-27',
        count: 1,
        persons: 1,
        totalFen: 180_000,
        setOffFen: 0,
        held: [],
        heldCount: 0,
      });
    if (call.name === 'opsClaimPay')
      return ok({
        batchNo: 'BZFF2026112700002',
        paidOn: '2026-11-27',
        count: 1,
        totalFen: 50_000,
        paid: [{ claimNo: 'BZ2026000001', personName: '李四', amountFen: 50_000 }],
        skipped: [{ claimNo: 'BZ2026000002', personName: '王五', reason: '由您审核通过，须由其他财务人员发放' }],
      });
    throw new Error(`unexpected ${call.name}`);
  });
});

const payloadsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name).map(([, payload]) => payload);

describe('发放', () => {
  it('treatments: the totals of what is 待发放, a confirmation with them, then the batch', async () => {
    const user = userEvent.setup();
    renderConsole('/payouts', finance);
    expect(await screen.findByText('JS-001')).toBeTruthy();
    expect(screen.getByTestId('treatment-due-total').textContent).toContain('1,800.00');
    await user.click(screen.getByTestId('pay-treatments'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('¥1,800.00')).toBeTruthy();
    expect(payloadsOf('opsTreatmentPay')).toEqual([]);
    await user.click(screen.getByTestId('pay-confirm'));
    await waitFor(() => expect(payloadsOf('opsTreatmentPay')).toEqual([{ paidOn: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) }]));
    expect(await screen.findByText('FF2026112700001')).toBeTruthy();
  });

  it('claims: the cards on file, the batch and the claims it left with their reasons', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/payouts?tab=claims', finance);
    expect(await screen.findByText('BZ2026000002')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=claims');
    await user.click(screen.getByTestId('pay-claims'));
    await user.click(await screen.findByTestId('pay-confirm'));
    const skipped = await screen.findByTestId('claims-skipped');
    expect(within(skipped).getByText('由您审核通过，须由其他财务人员发放')).toBeTruthy();
    expect(within(skipped).getByText('王五')).toBeTruthy();
  });

  it('batches: the list by kind in the URL, each with 导出明细', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/payouts?tab=batches', finance);
    expect(await screen.findByText('BZFF2026112700001')).toBeTruthy();
    expect(screen.getByTestId('export-BZFF2026112700001')).toBeTruthy();
    await user.click(within(screen.getByTestId('batch-kind')).getByText('补助'));
    await waitFor(() => expect(payloadsOf('opsPayoutBatchList')).toContainEqual({ kind: 'claim' }));
    expect(router.state.location.search).toBe('?tab=batches&kind=claim');
  });

  it('a batch at the bank: its progress, the failed lines with the reasons, the 代发文件 in both formats, the result loaded after a confirmation', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/payouts?tab=batches', finance);
    const table = await screen.findByTestId('batch-table');
    expect(await within(table).findByText('成功 1 · 失败 1 · 待回执 1')).toBeTruthy();
    expect(within(table).getAllByText('待银行回执')).toHaveLength(2);
    await user.click(screen.getByTestId('open-FF2026112700001'));
    expect(router.state.location.search).toBe('?tab=batches&batch=FF2026112700001');
    const drawer = within(await screen.findByTestId('batch-drawer'));
    expect(drawer.getByTestId('batch-waiting').textContent).toBe('1');
    const failed = within(await drawer.findByTestId('failed-lines'));
    expect(await failed.findByText('户名与卡号不符')).toBeTruthy();
    expect(failed.getByText('待下一批次')).toBeTruthy();
    expect(payloadsOf('opsPayoutFailedLines')).toEqual([{ batchNo: 'FF2026112700001' }]);
    await user.click(drawer.getByTestId('bank-file-csv'));
    expect(downloads.download).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'opsPayoutBankFile' }),
      { batchNo: 'FF2026112700001', format: 'csv' },
      '代发文件_FF2026112700001.csv',
    );
    await user.click(drawer.getByTestId('bank-file-xlsx'));
    expect(downloads.download).toHaveBeenLastCalledWith(
      expect.anything(),
      { batchNo: 'FF2026112700001', format: 'xlsx' },
      '代发文件_FF2026112700001.xlsx',
    );
    const input = document.querySelector<HTMLInputElement>('[data-testid="batch-drawer"] input[type="file"]')!;
    await user.upload(input, new File(['序号,银行卡号,金额,处理结果,失败原因'], '回执.csv', { type: 'text/csv' }));
    expect(payloadsOf('opsPayoutResultLoad')).toEqual([]);
    await user.click(await screen.findByRole('button', { name: '导入' }));
    await waitFor(() => expect(payloadsOf('opsPayoutResultLoad')).toHaveLength(1));
    const form = payloadsOf('opsPayoutResultLoad')[0] as FormData;
    expect(form.get('batchNo')).toBe('FF2026112700001');
    expect((form.get('file') as File).name).toBe('回执.csv');
    expect((await screen.findByTestId('result-report')).textContent).toContain('本批次已完成');
  });

  it('a batch from before the bank files has none to export', async () => {
    requests.call.mockImplementation(async (call: { name: string }) =>
      call.name === 'opsPayoutBatchList' ? ok({ list: [{ ...batch, state: 'closed', lines: 0 }] }) : ok(waiting),
    );
    renderConsole('/payouts?tab=batches&batch=BZFF2026112700001', finance);
    const drawer = within(await screen.findByTestId('batch-drawer'));
    expect(await drawer.findByText('本批次在银行代发功能之前发放（或全部轧差为零），没有代发文件。')).toBeTruthy();
    expect(drawer.queryByTestId('bank-file-csv')).toBeNull();
  });

  it('the auditor reads what is due without 发放', async () => {
    renderConsole('/payouts', auditor);
    expect(await screen.findByText('JS-001')).toBeTruthy();
    expect(screen.queryByTestId('pay-treatments')).toBeNull();
  });

  it('the auditor opens a batch without 导入银行回执, nor the bank file with whole card numbers', async () => {
    renderConsole('/payouts?tab=batches&batch=FF2026112700001', auditor);
    const drawer = within(await screen.findByTestId('batch-drawer'));
    expect(await drawer.findByText('FF2026112700001', { exact: false })).toBeTruthy();
    expect(drawer.queryByTestId('bank-file-xlsx')).toBeNull();
    expect(drawer.queryByTestId('load-file')).toBeNull();
  });
});
