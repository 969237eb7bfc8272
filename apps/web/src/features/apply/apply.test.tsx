import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { renderInShell } from '../../test/render';
import ApplyExaminePage from './ApplyExaminePage';
import ApplyQueryPage from './ApplyQueryPage';
import { defaultPeriod } from './period-choice';
import { ImportDialog } from './components/ImportDialog';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
const downloads = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../lib/download', () => downloads);

const products = [
  { code: '01', name: '住院医疗互助', rateFen: 6000, maxShares: 3, eligibility: 'all', eligibilityLabel: '全体职工' },
  { code: '02', name: '女职工特殊疾病互助', rateFen: 2000, maxShares: 1, eligibility: 'female', eligibilityLabel: '限女职工' },
];
const period = (year: number, phase: string, phaseLabel: string, canApplyNew: boolean, canApplyAdd: boolean) => ({
  year,
  name: `${year}年度职工医疗互助`,
  startDate: `${year}-01-01`,
  endDate: `${year}-12-31`,
  enrolStart: `${year - 1}-11-01`,
  enrolEnd: `${year - 1}-12-31`,
  payDeadline: `${year - 1}-12-31`,
  waitingDays: 90,
  phase,
  phaseLabel,
  canApplyNew,
  canApplyAdd,
  products,
});
const PERIODS = {
  today: '2026-11-22',
  list: [
    period(2027, 'enrolling', '申报中', true, false),
    period(2026, 'inForce', '生效中', false, true),
    period(2025, 'closed', '已结束', false, false),
  ],
};

const item = (over: Record<string, unknown>) => ({
  id: 42,
  no: 'SQ2027000042',
  periodYear: 2027,
  kind: 'new',
  kindLabel: '新参',
  state: 'draft',
  stateLabel: '待提交',
  unitName: '长沙市星辰科技有限公司',
  headcount: 2,
  amountFen: 14000,
  reason: null,
  needsReview: true,
  createdAt: '2026-11-20T01:00:00.000Z',
  submittedAt: null,
  reviewedAt: null,
  paidAt: null,
  ...over,
});

const detailOf = (over: Record<string, unknown>) => ({
  application: {
    ...item(over),
    periodName: '2027年度职工医疗互助',
    payDeadline: '2026-12-31',
    reviewUnitName: '长沙市高新区联合基层工会',
    canEdit: true,
    canSubmit: true,
    canCancel: true,
    canReview: false,
    ...over,
  },
  products: [{ code: '01', name: '住院医疗互助', headcount: 2, shares: 2, amountFen: 12000 }],
  events: [
    {
      at: '2026-11-20T01:00:00.000Z',
      actorKind: 'unit',
      actorName: '长沙市星辰科技有限公司',
      fromState: null,
      fromLabel: null,
      toState: 'draft',
      toLabel: '待提交',
      note: '新建申请',
    },
    {
      at: '2026-11-21T02:00:00.000Z',
      actorKind: 'union',
      actorName: '长沙市高新区联合基层工会',
      fromState: 'submitted',
      fromLabel: '已提交',
      toState: 'returned',
      toLabel: '已退回',
      note: '请补充女职工项目',
    },
  ],
  lines: {
    list: [
      {
        id: 1,
        personName: '张伟',
        certNo: '430102********0011',
        gender: '1',
        productCode: '01',
        productName: '住院医疗互助',
        shares: 1,
        amountFen: 6000,
      },
      {
        id: 2,
        personName: '王静',
        certNo: '430102********0022',
        gender: '2',
        productCode: '01',
        productName: '住院医疗互助',
        shares: 1,
        amountFen: 6000,
      },
    ],
    totlCnt: 2,
    pageNum: 1,
    pageSize: 10,
  },
});

type Handler = (payload: unknown) => unknown;
let answers: Record<string, Handler>;
beforeEach(() => {
  answers = {
    periodList: () => PERIODS,
    applyList: () => ({
      list: [
        item({ state: 'returned', stateLabel: '已退回', reason: '请补充女职工项目' }),
        item({ id: 41, no: 'SQ2027000041', state: 'unpaid', stateLabel: '待缴费' }),
      ],
      totlCnt: 2,
      pageNum: 1,
      pageSize: 10,
    }),
    applyDetail: () => detailOf({ state: 'returned', stateLabel: '已退回', reason: '请补充女职工项目' }),
  };
  requests.call.mockReset().mockImplementation(async (call: { name: string }, payload: unknown) => {
    const answer = answers[call.name];
    if (!answer) throw new Error(`unexpected call ${call.name}`);
    return { code: 0, data: answer(payload) };
  });
  downloads.download.mockReset().mockResolvedValue(undefined);
});

/** antd's modal.confirm, once open: its text checked, then its OK button (issue 17: nothing irreversible in one click). */
async function confirmWith(title: string, ok: RegExp) {
  const dialog = await waitFor(() => {
    const open = document.querySelector('.ant-modal-confirm');
    if (!open) throw new Error('no confirmation');
    return open as HTMLElement;
  });
  expect(within(dialog).getAllByText(title).length).toBeGreaterThan(0);
  fireEvent.click(within(dialog).getByRole('button', { name: ok }));
}

const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => (c as { name: string }).name === name).map(([, p]) => p);

describe('defaultPeriod', () => {
  it('is the enrolling period, else the one in force, else the newest', () => {
    expect(defaultPeriod(PERIODS.list as never)?.year).toBe(2027);
    expect(defaultPeriod(PERIODS.list.slice(1) as never)?.year).toBe(2026);
    expect(defaultPeriod(PERIODS.list.slice(2) as never)?.year).toBe(2025);
  });
});

describe('/apply-query', () => {
  it('lists the enrolling period’s applications with their state and the return reason', async () => {
    renderInShell(<ApplyQueryPage />, { path: '/apply-query' });
    const table = await screen.findByTestId('apply-table');
    expect(await within(table).findByText('SQ2027000042')).toBeTruthy();
    await waitFor(() => expect(callsOf('applyList').at(-1)).toMatchObject({ periodYear: 2027, pageNum: 1, pageSize: 10 }));
    expect(within(table).getByText('已退回').closest('[data-state]')?.getAttribute('data-state')).toBe('returned');
    expect(within(table).getByText('待缴费')).toBeTruthy();
    expect(within(table).getByText('退回：请补充女职工项目')).toBeTruthy();
    expect(within(table).getAllByText('¥140.00').length).toBe(2);
    expect(screen.getByTestId('period-info').textContent).toContain('新参申报 2026-11-01 至 2026-12-31');
  });

  it('opens the detail: the return reason first, lines, history; submits', async () => {
    answers.applySubmit = () => item({ state: 'submitted', stateLabel: '已提交' });
    renderInShell(<ApplyQueryPage />, { path: '/apply-query' });
    fireEvent.click(await screen.findByText('SQ2027000042'));
    const reason = await screen.findByTestId('return-reason');
    expect(reason.textContent).toContain('已退回：请补充女职工项目');
    const view = screen.getByTestId('application-view');
    expect(within(view).getByText('430102********0022')).toBeTruthy();
    expect(within(screen.getByTestId('application-history')).getByText('请补充女职工项目')).toBeTruthy();
    fireEvent.click(screen.getByTestId('submit-application'));
    // Not at once: a confirmation first (issue 17).
    await confirmWith('提交互助申请 SQ2027000042？', /提\s*交/);
    await waitFor(() => expect(callsOf('applySubmit')).toEqual([{ id: 42 }]));
  });

  it('提交 asks first; 取消 submits nothing', async () => {
    renderInShell(<ApplyQueryPage />, { path: '/apply-query' });
    fireEvent.click(await screen.findByText('SQ2027000042'));
    fireEvent.click(await screen.findByTestId('submit-application'));
    const dialog = await waitFor(() => document.querySelector('.ant-modal-confirm') as HTMLElement);
    expect(dialog.textContent).toContain('共 2 人。提交后由上级工会审核，审核期间不能修改人员明细。');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(callsOf('applySubmit')).toEqual([]);
  });

  it('cancels with the clerk’s note after a confirmation', async () => {
    answers.applyCancel = () => item({ state: 'cancelled', stateLabel: '已撤销' });
    renderInShell(<ApplyQueryPage />, { path: '/apply-query' });
    fireEvent.click(await screen.findByText('SQ2027000042'));
    fireEvent.click(await screen.findByTestId('cancel-open'));
    const note = (await screen.findByLabelText('撤销说明')) as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: '人员有误' } });
    await waitFor(() => expect((screen.getByLabelText('撤销说明') as HTMLTextAreaElement).value).toBe('人员有误'));
    fireEvent.click(screen.getByRole('button', { name: '确认撤销' }));
    await waitFor(() => expect(callsOf('applyCancel')).toEqual([{ id: 42, note: '人员有误' }]));
  });

  it('removes the selected lines after a confirmation', async () => {
    answers.applyRemoveLines = () => ({ added: 0, removed: 1, headcount: 1, amountFen: 6000, skipped: [] });
    renderInShell(<ApplyQueryPage />, { path: '/apply-query' });
    fireEvent.click(await screen.findByText('SQ2027000042'));
    const view = await screen.findByTestId('application-view');
    const row = within(view).getByText('王静').closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('remove-lines'));
    fireEvent.click(await screen.findByRole('button', { name: '移除' }));
    await waitFor(() => expect(callsOf('applyRemoveLines')).toEqual([{ id: 42, lineIds: [2] }]));
  });

  it('makes a new application for the enrolling period', async () => {
    answers.applyCreate = () => item({ id: 43, no: 'SQ2027000043', headcount: 0, amountFen: 0 });
    renderInShell(<ApplyQueryPage />, { path: '/apply-query' });
    await screen.findByText('SQ2027000042');
    fireEvent.click(screen.getByTestId('create-open'));
    fireEvent.click(await screen.findByTestId('create-submit'));
    await waitFor(() => expect(callsOf('applyCreate')).toEqual([{ periodYear: 2027, kind: 'new' }]));
  });
});

describe('import dialog', () => {
  it('uploads, shows the preview with the invalid rows, downloads the error report and confirms', async () => {
    answers.applyImport = () => ({
      batchId: '0b5c2f0e-6a43-4f5e-9a37-1f0c6f7f1a2b',
      fileName: '名单.xlsx',
      periodYear: 2027,
      kind: 'new',
      applicationId: null,
      total: 5,
      valid: 3,
      invalid: 2,
      invalidRows: [
        { rowNo: 3, name: '刘洋', certNo: '430105********0011', productCode: '01', reason: '未办理医保参保登记，不能参加互助' },
        {
          rowNo: 6,
          name: '张伟',
          certNo: '430102********0011',
          productCode: '02',
          reason: '不符合“女职工特殊疾病互助”的参加条件（限女职工）',
        },
      ],
    });
    answers.applyImportConfirm = () => ({ applicationId: 50, no: 'SQ2027000050', added: 3, skipped: 0, headcount: 3, amountFen: 18000 });
    const onConfirmed = vi.fn();
    renderInShell(<ImportDialog open periodYear={2027} kind="new" onClose={() => undefined} onConfirmed={onConfirmed} />);
    const input = (await screen.findByTestId('import-upload')).querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['x'], '名单.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [file] } });
    const preview = await screen.findByTestId('import-preview');
    const body = callsOf('applyImport')[0] as FormData;
    expect([...body.keys()]).toEqual(['periodYear', 'kind', 'uploadId', 'file']);
    expect(body.get('periodYear')).toBe('2027');
    expect(within(preview).getByText('未办理医保参保登记，不能参加互助')).toBeTruthy();
    expect(within(preview).getByText('以下 2 行不会导入。可修改后重新上传，或先导入其余 3 行。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-report'));
    await waitFor(() =>
      expect(downloads.download).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'applyImportErrors' }),
        { batchId: '0b5c2f0e-6a43-4f5e-9a37-1f0c6f7f1a2b' },
        '互助申请导入错误报告.xlsx',
      ),
    );
    fireEvent.click(screen.getByTestId('import-confirm'));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith(expect.objectContaining({ added: 3, applicationId: 50 })));
    expect(callsOf('applyImportConfirm')).toEqual([{ batchId: '0b5c2f0e-6a43-4f5e-9a37-1f0c6f7f1a2b', kind: 'new' }]);
  });

  it('follows the check once the file is up: the rows read of the upload it named', async () => {
    let sentAll: () => void = () => undefined;
    let end: () => void = () => undefined;
    const answered = requests.call.getMockImplementation();
    requests.call.mockImplementation((call: { name: string }, payload: unknown, config?: AxiosRequestConfig) => {
      if (call.name !== 'applyImport') return answered?.(call, payload);
      sentAll = () => config?.onUploadProgress?.({ loaded: 1, total: 1 } as AxiosProgressEvent);
      return new Promise((_, reject) => {
        end = () => reject(new Error('已取消')); // till then the server is still checking
      });
    });
    answers.staffImportProgress = () => ({ rows: 1200 });
    renderInShell(<ImportDialog open periodYear={2027} kind="new" onClose={() => undefined} onConfirmed={() => undefined} />);
    const input = (await screen.findByTestId('import-upload')).querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '名单.csv')] } });
    await waitFor(() => expect(callsOf('applyImport')).toHaveLength(1));
    act(() => sentAll());
    await waitFor(() => expect(screen.getByTestId('import-progress').textContent).toContain('已读 1200 行'), { timeout: 3000 });
    const uploadId = (callsOf('applyImport')[0] as FormData).get('uploadId');
    expect(callsOf('staffImportProgress')[0]).toEqual({ uploadId });
    await act(async () => end()); // the poll stops with the upload
  });

  it('refuses a file that is not Excel or CSV before sending it', async () => {
    renderInShell(<ImportDialog open periodYear={2027} kind="new" onClose={() => undefined} onConfirmed={() => undefined} />);
    const input = (await screen.findByTestId('import-upload')).querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '名单.pdf')] } });
    expect(await screen.findByText('仅支持 Excel（.xlsx）或 CSV 文件，请下载导入模板填写')).toBeTruthy();
    expect(callsOf('applyImport')).toEqual([]);
  });
});

describe('/apply-examine', () => {
  beforeEach(() => {
    answers.examineList = () => ({
      list: [
        item({ id: 42, state: 'submitted', stateLabel: '已提交', submittedAt: '2026-11-21T01:00:00.000Z' }),
        item({ id: 44, no: 'SQ2027000044', unitName: '长沙市远航物流有限公司', state: 'submitted', stateLabel: '已提交' }),
        item({ id: 45, no: 'SQ2027000045', state: 'unpaid', stateLabel: '待缴费' }),
      ],
      totlCnt: 3,
      pageNum: 1,
      pageSize: 10,
    });
  });

  it('lists the waiting applications and approves the selected ones at once, saying which failed', async () => {
    answers.examineBatchApprove = () => ({
      approved: 1,
      failed: [{ id: 44, no: 'SQ2027000044', reason: '该申请已处理或已撤销（当前不是待审核状态），请刷新后查看' }],
    });
    renderInShell(<ApplyExaminePage />, { path: '/apply-examine' });
    const table = await screen.findByTestId('examine-table');
    expect(await within(table).findByText('长沙市远航物流有限公司')).toBeTruthy();
    expect(callsOf('examineList')[0]).toMatchObject({ state: 'submitted' });
    const rowOf = (no: string) => within(table).getByText(no).closest('tr')!;
    expect((within(rowOf('SQ2027000045')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(rowOf('SQ2027000042')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('SQ2027000044')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('batch-approve'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeTruthy());
    fireEvent.click(within(document.querySelector('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(callsOf('examineBatchApprove')).toEqual([{ ids: [42, 44] }]));
    expect((await screen.findByTestId('batch-failed')).textContent).toContain('SQ2027000044：该申请已处理或已撤销');
  });

  it('returns an application only with a reason', async () => {
    answers.examineReturn = () => item({ state: 'returned', stateLabel: '已退回' });
    renderInShell(<ApplyExaminePage />, { path: '/apply-examine' });
    const table = await screen.findByTestId('examine-table');
    const row = (await within(table).findByText('长沙市远航物流有限公司')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '退回' }));
    fireEvent.click(await screen.findByTestId('return-submit'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请输入退回原因');
    expect(callsOf('examineReturn')).toEqual([]);
    fireEvent.change(screen.getByTestId('return-reason-input'), { target: { value: '人数与花名册不符' } });
    fireEvent.click(screen.getByTestId('return-submit'));
    await waitFor(() => expect(callsOf('examineReturn')).toEqual([{ id: 44, reason: '人数与花名册不符' }]));
  });

  it('审核通过 of a row asks first, naming the enterprise, headcount and amount', async () => {
    answers.examineApprove = () => item({ id: 44, state: 'unpaid', stateLabel: '待缴费' });
    renderInShell(<ApplyExaminePage />, { path: '/apply-examine' });
    const table = await screen.findByTestId('examine-table');
    const row = (await within(table).findByText('长沙市远航物流有限公司')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '审核通过' }));
    expect(callsOf('examineApprove')).toEqual([]);
    const dialog = await waitFor(() => document.querySelector('.ant-modal-confirm') as HTMLElement);
    expect(dialog.textContent).toContain('共 2 人，应缴 ¥140.00。通过后企业进入待缴费，并收到站内信通知。');
    await confirmWith('审核通过 长沙市远航物流有限公司 的申请 SQ2027000044？', /审核通过/);
    await waitFor(() => expect(callsOf('examineApprove')).toEqual([{ id: 44 }]));
  });

  it('opens a detail and approves it there', async () => {
    answers.examineDetail = () =>
      detailOf({ state: 'submitted', stateLabel: '已提交', canEdit: false, canSubmit: false, canCancel: false, canReview: true });
    answers.examineApprove = () => item({ state: 'unpaid', stateLabel: '待缴费' });
    renderInShell(<ApplyExaminePage />, { path: '/apply-examine' });
    fireEvent.click(await screen.findByText('SQ2027000042'));
    expect(await screen.findByTestId('application-view')).toBeTruthy();
    fireEvent.click(screen.getByTestId('drawer-approve'));
    expect(callsOf('examineApprove')).toEqual([]);
    await confirmWith('审核通过 长沙市星辰科技有限公司 的申请 SQ2027000042？', /审核通过/);
    await waitFor(() => expect(callsOf('examineApprove')).toEqual([{ id: 42 }]));
  });
});
