import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { AxiosProgressEvent } from 'axios';
import { renderInShell } from '../../test/render';
import { type StagedImportKind, type StagedImportState, StagedImportModal, UploadProgress, useStagedImport } from './StagedImport';

const preview = {
  batchId: 'b1',
  fileName: '名单.xlsx',
  total: 5,
  valid: 3,
  invalid: 2,
  expiresAt: '2026-03-01T10:00:00Z',
  invalidRows: [
    { rowNo: 3, name: '张三', reason: '身份证号码不正确' },
    { rowNo: 5, name: '李四', reason: '未办理医保参保登记' },
  ],
};

type Preview = typeof preview;

const kindOf = (own: Partial<StagedImportKind<Preview>>): StagedImportKind<Preview> => ({
  send: () => Promise.resolve(preview),
  fileType: '不是名单',
  maxBytes: 1024,
  tooLarge: '太大',
  noun: '人',
  columns: [],
  report: () => Promise.resolve(),
  confirm: () => Promise.resolve(),
  ...own,
});

const stateOf = (
  kind: StagedImportKind<Preview>,
  shown: Preview,
  setPreview: StagedImportState<Preview>['setPreview'],
): StagedImportState<Preview> => ({
  kind,
  preview: shown,
  progress: null,
  uploading: false,
  upload: () => Promise.resolve(),
  setPreview,
});

describe('the staged import', () => {
  it('shows the bytes sent, then 正在检查 once the whole file is up', () => {
    const { rerender } = render(<UploadProgress progress={{ sent: 3 * 1024 * 1024, size: 12 * 1024 * 1024 }} />);
    expect(screen.getByTestId('import-progress').textContent).toContain('正在上传 3.0 / 12.0 MB');
    rerender(<UploadProgress progress={{ sent: 12 * 1024 * 1024, size: 12 * 1024 * 1024 }} />);
    expect(screen.getByTestId('import-progress').textContent).toContain('正在检查');
    rerender(<UploadProgress progress={{ sent: 12, size: 12, rows: 4600 }} />);
    expect(screen.getByTestId('import-progress').textContent).toContain('已读 4600 行');
  });

  it('follows the upload: bytes while it goes, then the rows read, the preview when it answers, nothing left on a refusal', async () => {
    let report: (e: AxiosProgressEvent) => void = () => undefined;
    let answer: (p: typeof preview) => void = () => undefined;
    let named = '';
    const rowsRead = vi.fn((_uploadId: string) => Promise.resolve(3000));
    const send = vi.fn((_file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string) => {
      report = onUploadProgress;
      named = uploadId;
      return new Promise<typeof preview>((resolve) => {
        answer = resolve;
      });
    });
    const { result } = renderHook(() => useStagedImport(kindOf({ send }), { rowsRead }));
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.upload(new File(['x'.repeat(100)], 'a.csv'));
    });
    expect(result.current.progress).toEqual({ sent: 0, size: 100 });
    act(() => report({ loaded: 40, total: 100 } as AxiosProgressEvent));
    expect(result.current.progress).toEqual({ sent: 40, size: 100 });
    expect(rowsRead).not.toHaveBeenCalled(); // not while the bytes go
    act(() => report({ loaded: 100, total: 100 } as AxiosProgressEvent));
    await waitFor(() => expect(result.current.progress).toEqual({ sent: 100, size: 100, rows: 3000 }), { timeout: 5000 });
    expect(rowsRead).toHaveBeenCalledWith(named);
    await act(async () => {
      answer(preview);
      await done;
    });
    expect(result.current).toMatchObject({ uploading: false, progress: null, preview });

    const refused = renderHook(() => useStagedImport(kindOf({ send: () => Promise.reject(new Error('导入文件缺少列')) })));
    await act(() => refused.result.current.upload(new File(['x'], 'b.csv')));
    expect(refused.result.current).toMatchObject({ uploading: false, preview: null });
  });

  it('refuses a file of another type or past the limit before sending it', async () => {
    const send = vi.fn();
    const refused = vi.fn();
    const { result } = renderHook(() => useStagedImport(kindOf({ send, maxBytes: 10 }), { refused }));
    await act(() => result.current.upload(new File(['x'], '名单.pdf')));
    await act(() => result.current.upload(new File(['x'.repeat(11)], '名单.XLSX')));
    expect(refused.mock.calls).toEqual([['不是名单'], ['太大']]);
    expect(send).not.toHaveBeenCalled();
  });

  it('previews the counts and the invalid rows; confirms, reports and goes back (discarding the batch)', async () => {
    const confirm = vi.fn(() => Promise.resolve());
    const report = vi.fn(() => Promise.resolve());
    const discard = vi.fn(() => Promise.resolve());
    const setPreview = vi.fn();
    const onImported = vi.fn();
    const kind = kindOf({ confirm, report, discard, columns: [{ title: '姓名', dataIndex: 'name' }] });
    renderInShell(<StagedImportModal state={stateOf(kind, preview, setPreview)} onImported={onImported} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('import-counts').textContent).toBe('名单行数5可导入3有问题2');
    expect(within(dialog).getByText('以下 2 行不会导入。可修改后重新上传，或先导入其余 3 行。')).toBeTruthy();
    expect(within(dialog).getByText('未办理医保参保登记')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('import-report'));
    expect(report).toHaveBeenCalledWith(preview);
    fireEvent.click(within(dialog).getByTestId('import-confirm'));
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith(preview);
    expect(setPreview).toHaveBeenCalledWith(null);
    setPreview.mockClear();
    fireEvent.click(within(dialog).getByTestId('import-cancel'));
    expect(discard).toHaveBeenCalledWith(preview);
    expect(setPreview).toHaveBeenCalledWith(null);
  });

  it('says all rows pass, offers no report and cannot confirm nothing', async () => {
    const empty = { ...preview, valid: 0, invalid: 0, total: 0, invalidRows: [] };
    renderInShell(<StagedImportModal state={stateOf(kindOf({ noun: '家' }), empty, vi.fn())} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('名单检查通过，全部可以导入。')).toBeTruthy();
    expect(within(dialog).queryByTestId('import-report')).toBeNull();
    expect((within(dialog).getByTestId('import-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});
