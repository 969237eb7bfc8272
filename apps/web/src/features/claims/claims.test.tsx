import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { personalSession, renderInShell, unitSession } from '../../test/render';
import { fileProblem } from './components/AttachmentsPanel';
import ClaimExaminePage from './ClaimExaminePage';
import SubsidyApplicationPage from './SubsidyApplicationPage';
import SubsidyApplicationPersonalPage from './SubsidyApplicationPersonalPage';
import SubsidyRecordQueryPage from './SubsidyRecordQueryPage';
import SubsidyRecordQueryPersonalPage from './SubsidyRecordQueryPersonalPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
const downloads = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../lib/download', () => downloads);

const item = (over: Record<string, unknown> = {}) => ({
  id: 7,
  claimNo: 'BZ2026000007',
  type: 'hardship',
  typeLabel: '困难职工补助',
  state: 'draft',
  stateLabel: '草稿',
  filedBy: 'unit',
  personName: '钱军',
  certNo: '4301**********0031',
  unitName: '长沙市星辰科技有限公司',
  periodYear: 2026,
  admittedOn: null,
  dischargedOn: null,
  hospitalName: null,
  diagnosisName: null,
  days: null,
  amountFen: 200_000,
  reason: null,
  payoutFailure: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  submittedAt: null,
  decidedAt: null,
  paidAt: null,
  ...over,
});

const detail = (over: Record<string, unknown> = {}, attachments: unknown[] = []) => ({
  claim: {
    ...item(over),
    productCode: '01',
    productName: '住院医疗互助',
    gender: '1',
    diagnosisCode: null,
    invoiceFen: null,
    bankName: '长沙银行',
    bankCard: '6222 **** 0123',
    note: null,
    reviewUnitName: '长沙市高新区联合基层工会',
    deadline: null,
    canEdit: true,
    canSubmit: true,
    canDelete: true,
    canReview: false,
    ...over,
  },
  form: { staffId: 31, bankCard: '6222021234567890123' },
  attachments,
  required: [
    { kind: 'id_card', label: '身份证', present: attachments.length > 0 },
    { kind: 'bank_card', label: '银行卡', present: false },
    { kind: 'other', label: '其他材料', present: false },
  ],
  events: [
    {
      at: '2026-11-20T01:00:00.000Z',
      actorKind: 'unit',
      actorName: '长沙市星辰科技有限公司',
      fromState: null,
      fromLabel: null,
      toState: 'draft',
      toLabel: '草稿',
      note: '新建申请',
    },
  ],
});

const page = (list: unknown[]) => ({ list, totlCnt: list.length, pageNum: 1, pageSize: 10 });

type Handler = (payload: unknown) => unknown;
let answers: Record<string, Handler>;
beforeEach(() => {
  answers = {
    claimList: () => page([]),
    claimListPersonal: () => page([]),
    claimStaffOptions: () =>
      page([
        {
          staffId: 31,
          name: '钱军',
          certNo: '4301**********0031',
          gender: '1',
          psnType: '4',
          covers: [{ year: 2026, products: ['01', '03'] }],
          bankName: null,
          bankCard: null,
        },
      ]),
    claimPreview: () => ({
      periodYear: 2026,
      productName: '住院医疗互助',
      days: null,
      amountFen: 200_000,
      basis: '困难职工补助每个互助期定额 2,000.00元',
      problems: [],
    }),
    claimSave: () => detail(),
    claimDetail: () => detail(),
    claimSubmit: () => detail({ state: 'union_review', stateLabel: '工会审核', canEdit: false }),
  };
  requests.call.mockReset().mockImplementation(async (call: { name: string }, payload: unknown) => {
    const answer = answers[call.name];
    if (!answer) throw new Error(`unexpected call ${call.name}`);
    return { code: 0, data: answer(payload) };
  });
  downloads.download.mockReset().mockResolvedValue(undefined);
});

/** antd's modal.confirm, once open: its text checked, then its OK button (issue 17: nothing irreversible in one click). */
async function confirmWith(text: string, ok: RegExp) {
  const dialog = await waitFor(() => {
    const open = document.querySelector('.ant-modal-confirm');
    if (!open) throw new Error('no confirmation');
    return open as HTMLElement;
  });
  expect(dialog.textContent).toContain(text);
  fireEvent.click(within(dialog).getByRole('button', { name: ok }));
}

const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => (c as { name: string }).name === name).map(([, p]) => p);
const pick = async (testId: string, title: string) => {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(title));
};

describe('/subsidy-application (unit)', () => {
  it('files a claim for a covered staff member: picker, type, amount preview, draft, attachments by kind, submit', async () => {
    renderInShell(<SubsidyApplicationPage />, { path: '/subsidy-application' });
    expect(await screen.findByText(/没有待提交或退回补正的补助申请/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('claim-new'));
    await pick('claim-staff', '钱军（4301**********0031）');
    await pick('claim-type', '困难职工补助');
    expect(await within(screen.getByTestId('claim-preview')).findByText('¥2,000.00')).toBeTruthy();
    expect(callsOf('claimPreview').at(-1)).toMatchObject({ staffId: 31, type: 'hardship' });
    // Attachments come after the draft exists.
    expect(screen.getByText(/请先保存草稿/)).toBeTruthy();
    expect((screen.getByTestId('claim-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('claim-save'));
    await waitFor(() => expect(callsOf('claimSave')).toEqual([{ staffId: 31, type: 'hardship' }]));
    const panel = await screen.findByTestId('claim-attachments');
    expect(within(panel).getAllByText('*')).toHaveLength(3);
    expect(within(panel).getAllByText('必需，尚未上传')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('claim-submit'));
    // Not at once: a confirmation first (issue 17).
    await confirmWith('提交这份补助申请？提交后进入审核，审核期间不能修改', /提\s*交/);
    await waitFor(() => expect(callsOf('claimSubmit')).toEqual([{ id: 7 }]));
    expect(callsOf('claimSave').at(-1)).toEqual({ id: 7, staffId: 31, type: 'hardship' });
  });

  it('shows what would refuse the claim before it is submitted', async () => {
    answers.claimPreview = () => ({
      periodYear: 2026,
      productName: '住院医疗互助',
      days: null,
      amountFen: 200_000,
      basis: '',
      problems: ['困难职工补助仅限人员类别为“困难职工”的职工申请'],
    });
    renderInShell(<SubsidyApplicationPage />, { path: '/subsidy-application' });
    fireEvent.click(await screen.findByTestId('claim-new'));
    await pick('claim-staff', '钱军（4301**********0031）');
    await pick('claim-type', '困难职工补助');
    expect(await screen.findByText('困难职工补助仅限人员类别为“困难职工”的职工申请')).toBeTruthy();
  });

  it('continues a returned claim, showing what to fix', async () => {
    const returned = item({ state: 'returned', stateLabel: '退回补正', reason: '请上传本年度困难职工认定证明' });
    answers.claimList = (q) => page((q as { state: string }).state === 'returned' ? [returned] : []);
    answers.claimDetail = () =>
      detail({ state: 'returned', stateLabel: '退回补正', reason: '请上传本年度困难职工认定证明', canDelete: false });
    renderInShell(<SubsidyApplicationPage />, { path: '/subsidy-application' });
    const table = await screen.findByTestId('claim-open-table');
    fireEvent.click(await within(table).findByText('修改并重新提交'));
    expect(await screen.findByText('退回补正：请上传本年度困难职工认定证明')).toBeTruthy();
    expect(callsOf('claimList').map((q) => (q as { filedBy: string }).filedBy)).toEqual(['unit', 'unit']);
  });

  it('reviews the workers’ claims: view with attachments, approve, return with a reason', async () => {
    const waiting = item({
      id: 9,
      claimNo: 'BZ2026000009',
      filedBy: 'personal',
      personName: '李华',
      state: 'unit_review',
      stateLabel: '单位审核',
    });
    answers.claimList = () => page([waiting]);
    answers.claimDetail = () =>
      detail(
        {
          id: 9,
          claimNo: 'BZ2026000009',
          filedBy: 'personal',
          personName: '李华',
          state: 'unit_review',
          stateLabel: '单位审核',
          canEdit: false,
          canReview: true,
        },
        [
          {
            id: 1,
            kind: 'id_card',
            kindLabel: '身份证',
            fileId: 'f-1',
            name: '身份证.pdf',
            size: 2048,
            mime: 'application/pdf',
            createdAt: '2026-11-20T01:00:00.000Z',
          },
        ],
      );
    answers.claimUnitApprove = () => detail({ id: 9, state: 'union_review', stateLabel: '工会审核' });
    answers.claimUnitReturn = () => detail({ id: 9, state: 'returned', stateLabel: '退回补正' });
    renderInShell(<SubsidyApplicationPage />, { path: '/subsidy-application?tab=review' });
    const table = await screen.findByTestId('claim-review-table');
    expect(callsOf('claimList')[0]).toMatchObject({ filedBy: 'personal', state: 'unit_review' });
    fireEvent.click(await within(table).findByText('BZ2026000009'));
    const view = await screen.findByTestId('claim-view');
    fireEvent.click(within(view).getByRole('button', { name: '下载' }));
    expect(downloads.download).toHaveBeenCalledWith(expect.objectContaining({ name: 'fileDownload' }), { fileId: 'f-1' }, '身份证.pdf');
    fireEvent.click(screen.getByTestId('drawer-approve'));
    expect(callsOf('claimUnitApprove')).toEqual([]);
    await confirmWith('审核通过 李华 的补助申请 BZ2026000009？通过后转上级工会或市总工会审核', /审核通过/);
    await waitFor(() => expect(callsOf('claimUnitApprove')).toEqual([{ id: 9 }]));
    const row = (await within(table).findByText('李华')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '退回' }));
    fireEvent.click(await screen.findByTestId('claim-return-submit'));
    expect(await screen.findByText('请写明需补正的内容')).toBeTruthy();
    fireEvent.change(screen.getByTestId('claim-return-reason'), { target: { value: '银行卡照片不清晰' } });
    fireEvent.click(screen.getByTestId('claim-return-submit'));
    await waitFor(() => expect(callsOf('claimUnitReturn')).toEqual([{ id: 9, reason: '银行卡照片不清晰' }]));
  });
});

describe('/subsidy-application-personal (the worker)', () => {
  it('files for themself, without the staff picker, through the personal calls', async () => {
    answers.claimPreviewPersonal = answers.claimPreview;
    answers.claimSavePersonal = () => detail({ filedBy: 'personal' });
    answers.claimDetailPersonal = () => detail({ filedBy: 'personal' });
    renderInShell(<SubsidyApplicationPersonalPage />, { path: '/subsidy-application-personal', session: personalSession });
    fireEvent.click(await screen.findByTestId('claim-new'));
    expect(screen.queryByTestId('claim-staff')).toBeNull();
    await pick('claim-type', '困难职工补助');
    fireEvent.click(screen.getByTestId('claim-save'));
    await waitFor(() => expect(callsOf('claimSavePersonal')).toEqual([{ type: 'hardship' }]));
    expect(callsOf('claimSave')).toEqual([]);
  });
});

describe('record queries', () => {
  it('the unit filters its records and exports them', async () => {
    answers.claimList = () => page([item({ state: 'paid', stateLabel: '已发放' })]);
    renderInShell(<SubsidyRecordQueryPage />, { path: '/subsidy-record-query', session: unitSession });
    const table = await screen.findByTestId('claim-record-table');
    expect(await within(table).findByText('4301**********0031')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '钱军' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('已发放'));
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(callsOf('claimList').at(-1)).toMatchObject({ name: '钱军', state: 'paid', pageNum: 1 }));
    fireEvent.click(screen.getByTestId('claim-export'));
    await waitFor(() =>
      expect(downloads.download).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'claimExport' }),
        expect.objectContaining({ name: '钱军', state: 'paid' }),
        '补助记录.xlsx',
      ),
    );
  });

  it('the worker sees their own records, without ID numbers or export', async () => {
    answers.claimListPersonal = () => page([item({ personName: '李华', state: 'city_review', stateLabel: '市总审核' })]);
    renderInShell(<SubsidyRecordQueryPersonalPage />, { path: '/subsidy-record-query-personal', session: personalSession });
    const table = await screen.findByTestId('claim-record-table');
    expect(await within(table).findByText('市总审核')).toBeTruthy();
    expect(within(table).queryByText('4301**********0031')).toBeNull();
    expect(screen.queryByTestId('claim-export')).toBeNull();
  });
});

describe('/apply-examine 补助审核 (92 union)', () => {
  it('lists the claims waiting for the union and approves one', async () => {
    answers.claimUnionList = () => page([item({ id: 11, claimNo: 'BZ2026000011', state: 'union_review', stateLabel: '工会审核' })]);
    answers.claimUnionApprove = () => detail({ id: 11, state: 'city_review', stateLabel: '市总审核' });
    renderInShell(<ClaimExaminePage />, { path: '/apply-examine?tab=claims' });
    const table = await screen.findByTestId('claim-examine-table');
    expect(callsOf('claimUnionList')[0]).toMatchObject({ state: 'union_review' });
    const row = (await within(table).findByText('BZ2026000011')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '审核通过' }));
    expect(callsOf('claimUnionApprove')).toEqual([]);
    await confirmWith('审核通过 钱军 的补助申请 BZ2026000011？通过后转市总工会审核', /审核通过/);
    await waitFor(() => expect(callsOf('claimUnionApprove')).toEqual([{ id: 11 }]));
  });
});

describe('attachment files', () => {
  it('takes PDF and images up to 10 MB', () => {
    const file = (name: string, size: number) => ({ name, size }) as File;
    expect(fileProblem(file('出院小结.pdf', 1000))).toBeNull();
    expect(fileProblem(file('发票.JPG', 1000))).toBeNull();
    expect(fileProblem(file('a.docx', 1000))).toBe('申请材料仅限 PDF、JPG、PNG 格式的扫描件或照片');
    expect(fileProblem(file('big.png', 10 * 1024 * 1024 + 1))).toBe('文件不能超过10MB');
  });
});
