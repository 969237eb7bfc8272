import { Alert, Button, Space, Table, type TableColumnsType } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { type LoadFigure, LoadFigures } from './LoadReport';
import './file-load.css';

/** What every staged file's preview says (contracts stagedPreview). */
export interface StagedPreviewData {
  batchId: string;
  fileName: string;
  total: number;
  valid: number;
  invalid: number;
  expiresAt: string;
  invalidRows: ReadonlyArray<{ rowNo: number; reason: string }>;
}

interface Props<P extends StagedPreviewData> {
  preview: P;
  figures: readonly LoadFigure[];
  /** The bad row's own columns between 行号 and 错误原因. */
  rowColumns: TableColumnsType<P['invalidRows'][number]>;
  /** What confirming does (said beside the button). */
  consequence: string;
  busy: boolean;
  onConfirm(): void;
  onDiscard(): void;
  onReport(): void;
}

/**
 * A staged file before anything is written: its counts and what confirming would write, the bad
 * rows with their reasons (the first 100; the error report has them all), 确认导入 or 放弃.
 */
export function StagedPreview<P extends StagedPreviewData>({ preview, figures, rowColumns, consequence, busy, ...act }: Props<P>) {
  const shown = preview.invalidRows.length;
  return (
    <div className="file-load__report" data-testid="load-preview">
      <Alert
        type="info"
        showIcon
        title={`${preview.fileName}：已检查 ${preview.total} 行，尚未导入`}
        description={`${consequence}预览保留至 ${chinaMinute(preview.expiresAt)}。`}
      />
      <LoadFigures figures={figures} testId="preview-figures" />
      {preview.invalid > 0 ? (
        <>
          <Alert
            type="warning"
            showIcon
            title={`以下 ${preview.invalid} 行有误，确认后也不会导入；可下载错误报告修改后重新上传。`}
            description={preview.invalid > shown ? `此处列出前 ${shown} 行，错误报告含全部。` : undefined}
          />
          <Table<P['invalidRows'][number]>
            size="small"
            rowKey="rowNo"
            dataSource={[...preview.invalidRows]}
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            data-testid="load-errors"
            columns={[{ title: '行号', dataIndex: 'rowNo', width: 80 }, ...rowColumns, { title: '错误原因', dataIndex: 'reason' }]}
          />
        </>
      ) : null}
      <Space wrap>
        <Button type="primary" loading={busy} disabled={preview.valid === 0} onClick={act.onConfirm} data-testid="load-confirm">
          确认导入
        </Button>
        <Button disabled={busy} onClick={act.onDiscard} data-testid="load-discard">
          放弃
        </Button>
        {preview.invalid > 0 ? (
          <Button icon={<DownloadOutlined />} onClick={act.onReport} data-testid="load-report-download">
            下载错误报告
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
