import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequestError } from '@hall/client/request.ts';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole, waiting } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const dataClerk = { loginName: 'ops-data', name: '数据员', roles: ['data' as const], mustChangePassword: false };
const earlier = {
  id: 1,
  fileName: '结算-10月.csv',
  operator: '数据员',
  rows: 120,
  added: 118,
  changed: 0,
  rejected: 2,
  loadedAt: '2026-11-01T02:00:00.000Z',
};
const preview = {
  batchId: '7f0c7c5e-2b7a-4a55-9d0e-6f1f2c3d4e5f',
  fileName: '结算-11月.csv',
  total: 5,
  valid: 4,
  invalid: 1,
  expiresAt: '2026-11-27T04:30:00.000Z',
  invalidRows: [{ rowNo: 6, settlementNo: 'JS-6', name: '张三', reason: '出院日期早于入院日期' }],
  added: 3,
  replaced: 0,
  unchanged: 0,
  skipped: 1,
  reversed: 0,
  outsidePeriods: 0,
};
const report = {
  loadId: 2,
  fileName: '结算-11月.csv',
  rows: 5,
  added: 3,
  replaced: 0,
  unchanged: 0,
  skipped: 1,
  rejected: 1,
  outsidePeriods: 0,
  treatments: { persons: 1, written: 3, payable: 2, setOff: 0 },
};
let loaded: boolean;

beforeEach(() => {
  onScreenWidth(1366);
  loaded = false;
  requests.call
    .mockReset()
    .mockImplementation(async (call: { name: string }, body: unknown, config?: { onUploadProgress?(e: object): void }) => {
      if (call.name === 'opsWaitingList') return ok(waiting);
      if (call.name === 'opsSettlementLoadList') {
        const newest = {
          ...earlier,
          id: 2,
          fileName: report.fileName,
          rows: 5,
          added: 3,
          rejected: 1,
          loadedAt: '2026-11-27T03:30:00.000Z',
        };
        return ok({ list: loaded ? [newest, earlier] : [earlier] });
      }
      if (call.name === 'opsSettlementStage') {
        expect(body).toBeInstanceOf(FormData);
        expect(((body as FormData).get('file') as File).name).toBe('结算-11月.csv');
        expect(String((body as FormData).get('uploadId'))).toMatch(/^[0-9a-f-]{36}$/);
        config?.onUploadProgress?.({ loaded: 50, total: 100 });
        return ok(preview);
      }
      if (call.name === 'opsBureauFileProgress') return ok({ rows: 3 });
      if (call.name === 'opsSettlementConfirm') {
        expect(body).toEqual({ batchId: preview.batchId });
        loaded = true;
        return ok(report);
      }
      if (call.name === 'opsSettlementDiscard') return ok(null);
      throw new Error(`unexpected ${call.name}`);
    });
});

const callsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);
const csv = (name: string) => new File(['结算单号,身份证号码\n'], name, { type: 'text/csv' });

describe('结算数据: the file staged in the browser, previewed, then confirmed', () => {
  it('sends the file, shows the preview with the bad rows, writes only on 确认导入; the history follows', async () => {
    const user = userEvent.setup();
    renderConsole('/settlements', dataClerk);
    const history = await screen.findByTestId('load-history');
    expect(await within(history).findByText('结算-10月.csv')).toBeTruthy();
    expect(within(history).getByText('2026-11-01 10:00')).toBeTruthy();

    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, csv('结算-11月.csv'));
    const shown = await screen.findByTestId('load-preview');
    expect(shown.textContent).toContain('结算-11月.csv：已检查 5 行，尚未导入');
    expect(within(screen.getByTestId('preview-figures')).getByText('将新增')).toBeTruthy();
    const bad = within(screen.getByTestId('load-errors'));
    expect(bad.getByText('出院日期早于入院日期')).toBeTruthy();
    expect(bad.getByText('JS-6')).toBeTruthy();
    expect(shown.textContent).toContain('以下 1 行有误');
    expect(screen.getByRole('button', { name: /下载错误报告/ })).toBeTruthy();
    expect(callsOf('opsSettlementConfirm')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '确认导入' }));
    expect((await screen.findByTestId('load-report')).textContent).toContain('已导入 结算-11月.csv（批次 2）');
    expect(screen.queryByTestId('load-preview')).toBeNull();
    await waitFor(() => expect(within(history).getByText('结算-11月.csv')).toBeTruthy());
  });

  it('放弃 drops the preview and writes nothing', async () => {
    const user = userEvent.setup();
    renderConsole('/settlements', dataClerk);
    await screen.findByTestId('load-history');
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, csv('结算-11月.csv'));
    await screen.findByTestId('load-preview');
    await user.click(screen.getByRole('button', { name: '放弃' }));
    await waitFor(() => expect(screen.queryByTestId('load-preview')).toBeNull());
    expect(callsOf('opsSettlementDiscard')).toEqual([
      [expect.objectContaining({ name: 'opsSettlementDiscard' }), { batchId: preview.batchId }],
    ]);
    expect(callsOf('opsSettlementConfirm')).toHaveLength(0);
    expect(screen.queryByTestId('load-report')).toBeNull();
  });

  it('refuses a file that is not .xlsx or .csv before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderConsole('/settlements', dataClerk);
    await screen.findByTestId('load-history');
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, csv('结算.pdf'));
    expect(await screen.findByText('请选择 .xlsx 或 .csv 文件')).toBeTruthy();
    expect(callsOf('opsSettlementStage')).toHaveLength(0);
  });

  it("a refused file leaves no preview (the client showed the server's message)", async () => {
    requests.call.mockImplementation(async (call: { name: string }) => {
      if (call.name === 'opsSettlementLoadList') return ok({ list: [] });
      if (call.name === 'opsSettlementStage') throw new RequestError('文件缺少列：结算单号', 'business', 1);
      throw new Error(`unexpected ${call.name}`);
    });
    const user = userEvent.setup();
    renderConsole('/settlements', dataClerk);
    expect(await screen.findByText('尚未导入过')).toBeTruthy();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, csv('结算.csv'));
    await waitFor(() => expect(callsOf('opsSettlementStage')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('load-file').textContent).toContain('选择文件'));
    expect(screen.queryByTestId('load-preview')).toBeNull();
  });
});

describe('参保登记: the columns the file must have', () => {
  it("lists the server's columns, the optional ones marked", async () => {
    requests.call.mockImplementation(async (call: { name: string }) => {
      if (call.name === 'opsRegistryLoadList') return ok({ list: [] });
      throw new Error(`unexpected ${call.name}`);
    });
    const user = userEvent.setup();
    renderConsole('/registry', dataClerk);
    await user.click(await screen.findByText('文件须有的列'));
    const help = await screen.findByTestId('column-help');
    const row = within(help).getByText('参保日期').closest('tr')!;
    expect(row.textContent).toContain('可缺');
    expect(within(help).getByText('统一社会信用代码或身份证号码').closest('tr')!.textContent).toContain('必需');
  });
});

describe('the auditor reads the history and cannot load', () => {
  it('shows the loads without the load button', async () => {
    requests.call.mockImplementation(async (call: { name: string }) => {
      if (call.name === 'opsRegistryLoadList') return ok({ list: [{ ...earlier, fileName: '参保-11月.csv' }] });
      throw new Error(`unexpected ${call.name}`);
    });
    renderConsole('/registry', { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false });
    expect(await within(await screen.findByTestId('load-history')).findByText('参保-11月.csv')).toBeTruthy();
    expect(screen.queryByTestId('load-file')).toBeNull();
  });
});
