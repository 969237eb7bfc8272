import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '@hall/shared/staff/index.ts';
import { renderInShell } from '../../test/render';
import StaffPage from './StaffPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
const downloads = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../lib/download', () => downloads);

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id: String(id),
  name: `职工${id}`,
  certNo: '4301**********0022',
  gender: '2',
  genderLabel: '女',
  birthDate: '1985-03-15',
  psnType: '1',
  psnTypeLabel: '在职职工',
  phone: '138****0001',
  bankName: '',
  bankCard: '',
  joinedOn: '2020-03-01',
  leftOn: null,
  leaveReason: null,
  state: 'current',
  ...extra,
});

const PREVIEW = {
  batchId: '0b5c2f0e-6a43-4f5e-9a37-1f0c6f7f1a2b',
  fileName: '名单.xlsx',
  total: 5,
  valid: 3,
  invalid: 2,
  expiresAt: '2026-11-22T02:00:00.000Z',
  invalidRows: [
    { rowNo: 3, name: '王五', certNo: '430104197001010041', reason: '身份证号码不正确（请核对位数、出生日期和末位校验码）' },
    { rowNo: 5, name: '赵六', certNo: '430104197001010059', reason: '该人员目前在其他单位在职，需原单位办理减员后才能加入' },
  ],
};

/** The request layer answers by path; the test reads what was sent. */
function answer(path: string, payload: unknown) {
  if (path.endsWith('/getPageList')) {
    const q = payload as { pageNum?: number; afterId?: number };
    const base = q.afterId ? q.afterId - 1 : 30 - ((q.pageNum ?? 1) - 1) * 10;
    return { totlCnt: 30, pageNum: q.pageNum ?? 1, pageSize: 10, list: Array.from({ length: 10 }, (_, i) => row(base - i)) };
  }
  if (path.endsWith('/queryDataById')) return row(30, { phone: '13800000001', bankName: '工商银行', bankCard: '6222 **** 1111' });
  if (path.endsWith('/importRoster')) return PREVIEW;
  if (path.endsWith('/importPreview')) return PREVIEW;
  if (path.endsWith('/confirmImport')) return { imported: 3, added: 2, updated: 1 };
  return row(30);
}

const sent = (suffix: string) => requests.call.mock.calls.filter(([call]) => (call as { path: string }).path.endsWith(suffix));

beforeEach(() => {
  requests.call
    .mockReset()
    .mockImplementation(async (call: { path: string }, payload: unknown) => ({ code: 0, data: answer(call.path, payload) }));
  downloads.download.mockReset().mockResolvedValue(undefined);
});

const render = () => renderInShell(<StaffPage />, { path: '/mutual-aid-staff-management' });
const itemMessage = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('/mutual-aid-staff-management', () => {
  it('lists the current staff, filters, and steps to the next page by keyset', async () => {
    render();
    expect(await screen.findByText('职工30')).toBeTruthy();
    expect(sent('/getPageList')[0][1]).toEqual({ state: 'current', pageNum: 1, pageSize: 10 });
    expect(screen.getAllByText('共 30 人').length).toBeGreaterThan(0);

    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: ' 李 ' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(sent('/getPageList').at(-1)![1]).toMatchObject({ name: '李', state: 'current', pageNum: 1 }));

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(sent('/getPageList').at(-1)![1]).toMatchObject({ name: '李', pageNum: 2, afterId: 21 }));
    expect(await screen.findByText('职工20')).toBeTruthy();
  });

  it('adds a person: the form checks the fields as the server does, then sends them', async () => {
    render();
    await screen.findByText('职工30');
    fireEvent.click(screen.getByTestId('staff-add'));
    fireEvent.click(await screen.findByTestId('staff-form-submit'));
    await waitFor(() => expect(itemMessage('staff-name')).toBe('请输入姓名'));
    expect(itemMessage('staff-certNo')).toBe('请输入身份证号码');
    fireEvent.change(screen.getByTestId('staff-certNo'), { target: { value: '430102198503150023' } });
    fireEvent.change(screen.getByTestId('staff-bankCard'), { target: { value: '6222abc' } });
    fireEvent.click(screen.getByTestId('staff-form-submit'));
    await waitFor(() => expect(itemMessage('staff-certNo')).toBe('请输入正确的身份证号码'));
    expect(itemMessage('staff-bankCard')).toBe('请输入正确的银行卡号（12-19位数字）');
    expect(itemMessage('staff-bankName')).toBe('填写银行卡号时请同时填写开户银行');
    expect(sent('/addStaff')).toHaveLength(0);
  });

  it('edits with the phone as entered and the card on record masked', async () => {
    render();
    await screen.findByText('职工30');
    fireEvent.click(screen.getByTestId('edit-30'));
    await waitFor(() => expect((screen.getByTestId('staff-phone') as HTMLInputElement).value).toBe('13800000001'));
    expect(screen.getByText('当前：6222 **** 1111；不修改请留空')).toBeTruthy();
    fireEvent.change(screen.getByTestId('staff-phone'), { target: { value: '0731-88886666' } });
    fireEvent.click(screen.getByTestId('staff-form-submit'));
    await waitFor(() => expect(sent('/updateStaff')).toHaveLength(1));
    expect(sent('/updateStaff')[0][1]).toEqual({
      id: '30',
      psnType: '1',
      phone: '0731-88886666',
      bankName: '工商银行',
      bankCard: undefined,
      joinedOn: '2020-03-01',
    });
  });

  it('减员 asks for the date and the reason, and says paid cover continues', async () => {
    render();
    await screen.findByText('职工30');
    fireEvent.click(screen.getByTestId('leave-30'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/已缴费的互助保障继续有效至本互助期结束/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('确认减员'));
    await waitFor(() => expect(itemMessage('leave-date')).toBe('请选择减员日期'));
    expect(itemMessage('leave-reason')).toBe('请输入减员原因');
    expect(sent('/leaveStaff')).toHaveLength(0);
  });

  it('imports a roster: preview with counts and reasons, the error report, then confirm', async () => {
    const { container } = render();
    await screen.findByText('职工30');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['xlsx'], '名单.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [file] } });
    const dialog = await screen.findByRole('dialog');
    expect(sent('/importRoster')[0][1]).toBeInstanceOf(FormData);
    expect(within(dialog).getByText('导入预览：名单.xlsx')).toBeTruthy();
    expect(within(dialog).getByTestId('import-counts').textContent).toContain('可导入3');
    expect(within(dialog).getByText('该人员目前在其他单位在职，需原单位办理减员后才能加入')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('import-report'));
    await waitFor(() =>
      expect(downloads.download).toHaveBeenCalledWith(
        expect.objectContaining({ path: '/gob/web/StaffInfo/downloadImportReport' }),
        { batchId: PREVIEW.batchId },
        '职工名单导入错误报告-名单.xlsx',
      ),
    );
    const before = sent('/getPageList').length;
    fireEvent.click(within(dialog).getByTestId('import-confirm'));
    await waitFor(() => expect(sent('/confirmImport')[0][1]).toEqual({ batchId: PREVIEW.batchId }));
    await waitFor(() => expect(sent('/getPageList').length).toBeGreaterThan(before));
  });

  it('the to-do’s 去确认 (?batch=) reopens the pending batch’s preview, with 确认导入 (issue 17)', async () => {
    const { router } = renderInShell(<StaffPage />, { path: `/mutual-aid-staff-management?batch=${PREVIEW.batchId}` });
    const dialog = await screen.findByRole('dialog');
    expect(sent('/importPreview').map(([, payload]) => payload)).toContainEqual({ batchId: PREVIEW.batchId });
    expect(within(dialog).getByText('导入预览：名单.xlsx')).toBeTruthy();
    expect(within(dialog).getByText('该人员目前在其他单位在职，需原单位办理减员后才能加入')).toBeTruthy();
    // The id leaves the address: a refresh of the tag does not reopen it.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/mutual-aid-staff-management');
    const confirm = within(dialog).getByTestId('import-confirm');
    expect(confirm.textContent).toContain('确认导入 3 人');
    fireEvent.click(confirm);
    await waitFor(() => expect(sent('/confirmImport')[0][1]).toEqual({ batchId: PREVIEW.batchId }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancelling a preview discards it; a wrong file type is refused before sending', async () => {
    const { container } = render();
    await screen.findByText('职工30');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '名单.txt')] } });
    // The refusal is shown where the upload would have started: once it is on screen, nothing was sent.
    await screen.findByText(STAFF_MESSAGES.fileType);
    expect(sent('/importRoster')).toHaveLength(0);
    const again = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(again, { target: { files: [new File(['x'], 'a.csv', { type: 'text/csv' })] } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('import-cancel'));
    await waitFor(() => expect(sent('/discardImport')[0][1]).toEqual({ batchId: PREVIEW.batchId }));
  });

  it('downloads the template and exports the filtered list', async () => {
    render();
    await screen.findByText('职工30');
    fireEvent.click(screen.getByTestId('staff-template'));
    fireEvent.click(screen.getByTestId('staff-export'));
    await waitFor(() => expect(downloads.download).toHaveBeenCalledTimes(2));
    expect(downloads.download).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/gob/web/StaffInfo/downloadTemplate' }),
      undefined,
      '互助人员导入模板.xlsx',
    );
    expect(downloads.download).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/gob/web/StaffInfo/exportList' }),
      { state: 'current' },
      '互助人员名单.xlsx',
    );
  });
});
