import type { UseQueryResult } from '@tanstack/react-query';
import { Collapse, type TableColumnsType } from 'antd';
import type { BureauColumn } from '@hall/shared/bureau-files.ts';
import type { Call } from '@hall/shared/contracts/define.ts';
import { ColumnHelp } from '../../components/file-load/ColumnHelp';
import { FileLoadButton } from '../../components/file-load/FileLoadButton';
import { LoadHistory, type LoadRecord } from '../../components/file-load/LoadHistory';
import { type LoadFigure, LoadReport } from '../../components/file-load/LoadReport';
import { StagedPreview, type StagedPreviewData } from '../../components/file-load/StagedPreview';
import { UploadProgress } from '../../components/file-load/UploadProgress';
import { type StagedFileKind, useStagedFile } from '../../components/file-load/useStagedFile';
import { useMayCall } from '../../lib/operator-may';
import '../../components/file-load/file-load.css';

/** One bureau file as its page shows it (参保登记, 结算数据). */
export interface BureauFile<P extends StagedPreviewData, R extends { loadId: number; fileName: string }> {
  id: string;
  title: string;
  /** The file's type and limit, said beside the button. */
  note: string;
  /** What confirming does (said in the preview). */
  consequence: string;
  /** The stage's call: without it (the auditor) the page shows the columns and the history only. */
  stageCall: Call;
  calls: StagedFileKind<P, R> & { report(batchId: string, fileName: string): Promise<unknown> };
  columns: readonly BureauColumn[];
  templateName: string;
  previewFigures(preview: P): LoadFigure[];
  /** A bad row's own columns in the preview (between 行号 and 错误原因). */
  rowColumns: TableColumnsType<P['invalidRows'][number]>;
  reportFigures(report: R): LoadFigure[];
  changedLabel: string;
  showRejected: boolean;
}

/**
 * A bureau file's page: choose the file → its upload (bytes, then rows read) → the preview (counts,
 * what would be written, bad rows, 下载错误报告) → 确认导入 or 放弃 → the load's report; the columns
 * the file must have; the history of loads, which follows each confirmation.
 */
export function BureauFilePage<P extends StagedPreviewData, R extends { loadId: number; fileName: string }>({
  file,
  history,
}: {
  file: BureauFile<P, R>;
  history: UseQueryResult<LoadRecord[]>;
}) {
  const staged = useStagedFile(file.calls, () => void history.refetch());
  const mayLoad = useMayCall(file.stageCall);
  const { preview, report } = staged;
  return (
    <section className="console-panel" aria-labelledby={`${file.id}-title`}>
      <h2 id={`${file.id}-title`} className="page-title">
        {file.title}
      </h2>
      {mayLoad ? (
        <div className="file-load__intro">
          <FileLoadButton label="选择文件" loading={staged.reading} onFile={(f) => void staged.stage(f)} />
          <span className="file-load__note">{file.note}</span>
        </div>
      ) : null}
      <Collapse
        size="small"
        items={[
          { key: 'columns', label: '文件须有的列', children: <ColumnHelp columns={file.columns} templateName={file.templateName} /> },
        ]}
      />
      <UploadProgress progress={staged.progress} checking />
      {preview ? (
        <StagedPreview<P>
          preview={preview}
          figures={file.previewFigures(preview)}
          rowColumns={file.rowColumns}
          consequence={file.consequence}
          busy={staged.busy}
          onConfirm={() => void staged.confirm()}
          onDiscard={() => void staged.discard()}
          onReport={() => void file.calls.report(preview.batchId, preview.fileName)}
        />
      ) : null}
      {report ? <LoadReport fileName={report.fileName} loadId={report.loadId} figures={file.reportFigures(report)} /> : null}
      <h3 className="file-load__section">导入记录</h3>
      <LoadHistory
        rows={history.data}
        loading={history.isFetching}
        error={history.error}
        onRetry={() => void history.refetch()}
        changedLabel={file.changedLabel}
        showRejected={file.showRejected}
      />
    </section>
  );
}
