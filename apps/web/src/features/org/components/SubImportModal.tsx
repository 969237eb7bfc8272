import { StagedImportModal, type UploadState } from '../../../components/staged-import/StagedImport';
import { toast } from '../../../lib/feedback';
import { confirmSubImport, discardSubImport, downloadSubImportReport, type SubImportPreview } from '../api/sub-import';

/**
 * The subordinate units' preview (the one staged-import dialog): 确认导入 opens the valid rows'
 * units and sends each contact the first password; 取消 discards. Nothing is written before.
 */
export function SubImportModal({
  preview,
  progress,
  noun,
  onClose,
  onImported,
}: {
  preview: SubImportPreview | null;
  progress?: UploadState | null;
  noun: string;
  onClose(): void;
  onImported(): void;
}) {
  return (
    <StagedImportModal
      preview={preview}
      progress={progress}
      noun="家"
      columns={[
        { title: '单位账号', dataIndex: 'uact', width: 120 },
        { title: '单位名称', dataIndex: 'name', width: 200 },
      ]}
      back={() => {
        if (preview) void discardSubImport(preview.batchId).catch(() => undefined);
        onClose();
      }}
      report={() => downloadSubImportReport(preview!.batchId, preview!.fileName)}
      confirm={async () => {
        const done = await confirmSubImport(preview!.batchId);
        toast.success(`已导入 ${done.imported} 家${noun}，初始密码已通过短信发送至各联系人`, 5);
        onImported();
      }}
    />
  );
}
