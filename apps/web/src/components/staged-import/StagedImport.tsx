import { type ReactNode, useState } from 'react';
import { Alert, Button, Modal, Progress, Statistic, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { AxiosProgressEvent } from 'axios';
import { megabytes, percentSent, type UploadState } from '@hall/client/upload.ts';
import type { ColumnsType } from 'antd/es/table';
import { GuardedButton } from '../GuardedButton';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/feedback';
import { rowsRead as rowsReadOf } from '../../lib/staged-upload';
import { useChange } from '../../lib/use-change';
import './staged-import.css';

/**
 * The one preview of a staged import (server: lib/staged-import.ts), for the roster, an
 * application's lines and a union's subordinate units: while the file goes up, the bytes sent,
 * then 正在检查 with the rows the server has read (a 460,000-row roster takes a while); then
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

export type { UploadState } from '@hall/client/upload.ts';

/** How often the rows read are asked while the server checks. */
const POLL_MS = 1000;

type AnyPreview = StagedPreview<{ rowNo: number }>;

/**
 * What a domain gives the one staged import: its call, its limits and words, the invalid rows'
 * columns and its calls on the batch; the kit does the rest (checks, upload, progress, preview).
 */
export interface StagedImportKind<P extends AnyPreview> {
  /** The domain's call (lib/staged-upload.ts `sendStaged`), under the upload's id. */
  send(file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string): Promise<P>;
  /** Refused before sending: a file not .xlsx or .csv, in these words… */
  fileType: string;
  /** …and one past this many bytes, in these. */
  maxBytes: number;
  tooLarge: string;
  /** What 确认导入 n … counts: 人, 家, 条. */
  noun: string;
  /** The invalid rows' columns besides 行号 and 错误原因. */
  columns: ColumnsType<P['invalidRows'][number]>;
  report(preview: P): Promise<unknown>;
  /** Writes the valid rows and says so (its refusal leaves the dialog open). */
  confirm(preview: P): Promise<unknown>;
  /** Drops the batch when the clerk goes back; none: it waits for its confirmation. */
  discard?(preview: P): Promise<unknown>;
}

export type StagedImportState<P extends AnyPreview> = ReturnType<typeof useStagedImport<P>>;

/**
 * The upload of a file whose answer is a preview, with its progress: the file checked (type,
 * size; a refusal goes to `refused`, a toast unless given), sent under a new upload id, and once it
 * is up `rowsRead` asked every second for the rows the server has read.
 */
export function useStagedImport<P extends AnyPreview>(
  kind: StagedImportKind<P>,
  {
    refused = (message) => void toast.warning(message, 5),
    rowsRead = rowsReadOf,
  }: { refused?(message: string): void; rowsRead?(uploadId: string): Promise<number> } = {},
) {
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  async function upload(file: File) {
    if (!/\.(xlsx|csv)$/i.test(file.name)) return refused(kind.fileType);
    if (file.size > kind.maxBytes) return refused(kind.tooLarge);
    const uploadId = crypto.randomUUID();
    let sent = 0;
    let size = file.size;
    let poll: ReturnType<typeof setInterval> | undefined;
    const follow = () => {
      if (poll) return;
      poll = setInterval(() => {
        rowsRead(uploadId).then(
          (rows) => poll && setProgress({ sent, size, rows }),
          () => undefined,
        );
      }, POLL_MS);
    };
    const onUploadProgress = (e: AxiosProgressEvent) => {
      sent = e.loaded;
      size = e.total ?? file.size;
      setProgress({ sent, size });
      if (sent >= size) follow();
    };
    setProgress({ sent, size });
    try {
      setPreview(await kind.send(file, onUploadProgress, uploadId));
    } catch {
      // The request client showed the refusal (missing columns, unreadable file…).
    } finally {
      clearInterval(poll);
      poll = undefined;
      setProgress(null);
    }
  }
  return { kind, upload, uploading: progress !== null, progress, preview, setPreview };
}

/** The toolbar's 导入 button: picks a file and sends it; 正在检查名单… until the preview comes. */
export function StagedImportButton(o: {
  state: Pick<StagedImportState<AnyPreview>, 'upload' | 'uploading'>;
  label: string;
  testId: string;
}) {
  const { upload, uploading } = o.state;
  return (
    <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(file) => (void upload(file), false)} disabled={uploading}>
      <Button icon={<UploadOutlined />} loading={uploading} data-testid={o.testId}>
        {uploading ? '正在检查名单…' : o.label}
      </Button>
    </Upload>
  );
}

/** The upload's progress: bytes sent, then 正在检查 until the preview comes back. */
export function UploadProgress({ progress }: { progress: UploadState | null }) {
  if (!progress) return null;
  const percent = percentSent(progress);
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
 * The preview in its dialog (and the upload's progress before it): 下载错误报告 (when rows are
 * invalid), the way back (取消导入, the batch discarded; or `backText`) and 确认导入 n {noun}.
 */
export function StagedImportModal<P extends AnyPreview>({
  state,
  title,
  backText = '取消导入',
  onClose,
  onImported,
  width = 860,
  children,
}: {
  state: StagedImportState<P>;
  title?: string;
  backText?: string;
  /** The dialog's close (×); default the way back. */
  onClose?(): void;
  onImported?(): void;
  width?: number;
  children?: ReactNode;
}) {
  const { kind, preview, progress, setPreview } = state;
  // A refusal (expired, changed since the preview) was shown by the request client; the dialog stays.
  const saving = useChange(async (p: P) => {
    await kind.confirm(p);
    setPreview(null);
    onImported?.();
  });
  if (progress)
    return (
      <Modal title="正在导入" open closable={false} footer={null} mask={{ closable: false }}>
        <UploadProgress progress={progress} />
      </Modal>
    );
  if (!preview) return null;
  const back = () => {
    if (kind.discard) void kind.discard(preview).catch(() => undefined);
    setPreview(null);
  };
  return (
    <Modal
      title={title ?? `导入预览：${preview.fileName}`}
      open
      width={width}
      onCancel={onClose ?? back}
      mask={{ closable: false }}
      footer={[
        preview.invalid > 0 ? (
          <Button key="report" onClick={() => void kind.report(preview).catch(() => undefined)} data-testid="import-report">
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
          onClick={() => saving.mutate(preview)}
          data-testid="import-confirm"
        >
          确认导入 {preview.valid} {kind.noun}
        </GuardedButton>,
      ]}
    >
      {children}
      <StagedImportPreview preview={preview} columns={kind.columns} />
    </Modal>
  );
}
