import { type ReactNode, useState } from 'react';
import { Alert, Button, Modal, Progress, Statistic, Table } from 'antd';
import type { AxiosProgressEvent } from 'axios';
import type { ColumnsType } from 'antd/es/table';
import { GuardedButton } from '../GuardedButton';
import { formatDateTime } from '../../lib/format';
import { useChange } from '../../lib/use-change';
import './staged-import.css';

/**
 * The one preview of a staged import (server: lib/staged-import.ts), for the roster, an
 * application's lines and a union's subordinate units: while the file goes up, the bytes sent,
 * then 正在检查 while the server reads and checks it (a 460,000-row roster takes a while); then
 * the counts, the rows that will not be imported with their reasons (the first hundred; the
 * error report has them all), and the clerk's choice: 确认导入 the valid rows, or not.
 * Nothing is written before the confirmation.
 */

export interface StagedPreview<R> {
  batchId: string;
  fileName: string;
  total: number;
  valid: number;
  invalid: number;
  /** Absent: the preview waits without a stated end (the application import). */
  expiresAt?: string;
  invalidRows: R[];
}

/** An upload under way: the bytes sent of the file's; all sent, the server is checking (rows read, when followed). */
export interface UploadState {
  sent: number;
  size: number;
  rows?: number;
}

/** How often the rows read are asked while the server checks. */
const POLL_MS = 1000;

/**
 * The upload of a file whose answer is a preview, with its progress: `send(file, onUploadProgress)`
 * is the feature's call (its contract, its fields), under a new upload id; `rowsRead(uploadId)`, when
 * given, is asked every second once the file is up, for the rows the server has read.
 */
export function useStagedUpload<P>(
  send: (file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string) => Promise<P>,
  rowsRead?: (uploadId: string) => Promise<number>,
) {
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  async function upload(file: File) {
    const uploadId = crypto.randomUUID();
    let sent = 0;
    let size = file.size;
    let poll: ReturnType<typeof setInterval> | undefined;
    const follow = () => {
      if (poll || !rowsRead) return;
      poll = setInterval(() => {
        rowsRead(uploadId).then(
          (rows) => poll && setProgress({ sent, size, rows }),
          () => undefined,
        );
      }, POLL_MS);
    };
    setProgress({ sent, size });
    try {
      const answer = await send(
        file,
        (e) => {
          sent = e.loaded;
          size = e.total ?? file.size;
          setProgress({ sent, size });
          if (sent >= size) follow();
        },
        uploadId,
      );
      setPreview(answer);
    } catch {
      // The request client showed the refusal (missing columns, unreadable file…).
    } finally {
      clearInterval(poll);
      poll = undefined;
      setProgress(null);
    }
  }
  return { upload, uploading: progress !== null, progress, preview, setPreview };
}

/** The upload's progress: bytes sent, then 正在检查 until the preview comes back. */
export function UploadProgress({ progress }: { progress: UploadState | null }) {
  if (!progress) return null;
  const percent = progress.size ? Math.min(100, Math.floor((progress.sent / progress.size) * 100)) : 100;
  const checking = percent >= 100;
  return (
    <div className="staged-import__progress" data-testid="import-progress" role="status">
      <Progress percent={percent} status={checking ? 'active' : 'normal'} showInfo={!checking} />
      <span>
        {checking
          ? `文件已上传，正在检查每一行${progress.rows ? `：已读 ${progress.rows} 行` : ''}，请稍候…`
          : `正在上传 ${megabytes(progress.sent)} / ${megabytes(progress.size)} MB`}
      </span>
    </div>
  );
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The preview's body: counts, the invalid rows with their reasons, when it must be confirmed by. */
export function StagedImportPreview<R extends { rowNo: number }>({
  preview,
  columns,
}: {
  preview: StagedPreview<R>;
  /** The invalid rows' columns besides 行号 and 错误原因. */
  columns: ColumnsType<R>;
}) {
  return (
    <div data-testid="import-preview">
      <div className="staged-import__counts" data-testid="import-counts">
        <Statistic title="名单行数" value={preview.total} />
        <Statistic title="可导入" value={preview.valid} styles={{ content: { color: '#237804' } }} />
        <Statistic title="有问题" value={preview.invalid} styles={{ content: { color: preview.invalid ? '#b32d00' : undefined } }} />
      </div>
      {preview.invalid > 0 ? (
        <>
          <Alert
            className="staged-import__alert"
            type="warning"
            showIcon
            title={`以下 ${preview.invalid} 行不会导入。可修改后重新上传，或先导入其余 ${preview.valid} 行。`}
            description={
              preview.invalid > preview.invalidRows.length
                ? `此处仅列出前 ${preview.invalidRows.length} 行，全部问题请下载错误报告。`
                : undefined
            }
          />
          <Table<R>
            size="small"
            rowKey="rowNo"
            dataSource={preview.invalidRows}
            pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            data-testid="invalid-rows"
            columns={[{ title: '行号', dataIndex: 'rowNo', width: 64 }, ...columns, { title: '错误原因', dataIndex: 'reason' }]}
          />
        </>
      ) : (
        <Alert className="staged-import__alert" type="success" showIcon title="名单检查通过，全部可以导入。" />
      )}
      {preview.expiresAt ? (
        <p className="staged-import__expires">请在 {formatDateTime(preview.expiresAt)} 前确认，逾期需重新上传。</p>
      ) : null}
    </div>
  );
}

/**
 * The preview in its dialog: 下载错误报告 (when rows are invalid), the way back (取消导入, or
 * 重新选择文件), and 确认导入 n {noun}; `confirm` writes and says so (its refusal leaves the dialog open).
 */
export function StagedImportModal<R extends { rowNo: number }>({
  preview,
  progress,
  title,
  columns,
  noun,
  confirm,
  report,
  back,
  backText = '取消导入',
  onClose,
  width = 860,
  children,
}: {
  preview: StagedPreview<R> | null;
  /** An upload under way (useStagedUpload): its progress shows until the preview comes. */
  progress?: UploadState | null;
  title?: string;
  columns: ColumnsType<R>;
  noun: string;
  confirm(): Promise<unknown>;
  report(): Promise<unknown>;
  back(): void;
  backText?: string;
  /** The dialog's close (×); default `back`. */
  onClose?(): void;
  width?: number;
  children?: ReactNode;
}) {
  // A refusal (expired, changed since the preview) was shown by the request client; the dialog stays.
  const saving = useChange(confirm);
  if (progress)
    return (
      <Modal title="正在导入" open closable={false} footer={null} mask={{ closable: false }}>
        <UploadProgress progress={progress} />
      </Modal>
    );
  if (!preview) return null;
  return (
    <Modal
      title={title ?? `导入预览：${preview.fileName}`}
      open
      width={width}
      onCancel={onClose ?? back}
      mask={{ closable: false }}
      footer={[
        preview.invalid > 0 ? (
          <Button key="report" onClick={() => void report().catch(() => undefined)} data-testid="import-report">
            下载错误报告
          </Button>
        ) : null,
        <Button key="back" onClick={back} data-testid="import-cancel">
          {backText}
        </Button>,
        <GuardedButton
          key="ok"
          type="primary"
          loading={saving.isPending}
          disabled={preview.valid === 0}
          onClick={() => saving.mutate(undefined)}
          data-testid="import-confirm"
        >
          确认导入 {preview.valid} {noun}
        </GuardedButton>,
      ]}
    >
      {children}
      <StagedImportPreview preview={preview} columns={columns} />
    </Modal>
  );
}
