import { StagedImportModal, type UploadState } from '../../../components/staged-import/StagedImport';
import { toast } from '../../../lib/feedback';
import { confirmImport } from '../api/confirm-import';
import { discardImport } from '../api/discard-import';
import { downloadImportReport } from '../api/import-report';
import type { RosterPreview } from '../api/import-roster';

/**
 * The roster's preview (the one staged-import dialog): 确认导入 the valid rows, or 取消 (the batch
 * is discarded). Nothing is written before the confirmation.
 */
export function ImportPreviewModal({
  preview,
  progress,
  onClose,
  onImported,
}: {
  preview: RosterPreview | null;
  progress?: UploadState | null;
  onClose(): void;
  onImported(): void;
}) {
  return (
    <StagedImportModal
      preview={preview}
      progress={progress}
      noun="人"
      columns={[
        { title: '姓名', dataIndex: 'name', width: 100 },
        { title: '身份证号码', dataIndex: 'certNo', width: 180 },
      ]}
      back={() => {
        if (preview) void discardImport(preview.batchId).catch(() => undefined);
        onClose();
      }}
      report={() => downloadImportReport(preview!.batchId, preview!.fileName)}
      confirm={async () => {
        const done = await confirmImport(preview!.batchId);
        toast.success(`已导入 ${done.imported} 人（新加入 ${done.added} 人，更新 ${done.updated} 人）`, 5);
        onImported();
      }}
    />
  );
}
