import { useState } from 'react';
import { Alert, Button, Modal, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { FILE_MAX_BYTES } from '@hall/shared/constants.ts';
import type { ImportConfirmed } from '@hall/shared/contracts/enrolment.ts';
import { StagedImportModal, UploadProgress, useStagedImport } from '../../../components/staged-import/StagedImport';
import { confirmApplyImport, downloadImportErrors, type ImportPreview, uploadApplyImport } from '../api/import';
import { downloadApplyTemplate } from '../api/template';

interface Props {
  open: boolean;
  periodYear: number;
  kind: 'new' | 'add';
  /** Import into this draft; absent: the confirmation makes a new draft. */
  applicationId?: number;
  onClose(): void;
  onConfirmed(result: ImportConfirmed): void;
}

/**
 * 导入: upload an Excel/CSV list (its progress shown), see the preview (the one staged import:
 * counts, the invalid rows with their reasons, the error report), then 确认导入 writes the valid
 * rows. Nothing is written before; 重新选择文件 leaves the batch to expire.
 */
export function ImportDialog({ open, periodYear, kind, applicationId, onClose, onConfirmed }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const send = uploadApplyImport({ periodYear, kind, applicationId });
  const imp = useStagedImport<ImportPreview>(
    {
      send: (...args) =>
        send(...args).catch((error: Error) => {
          setProblem(error.message);
          throw error;
        }),
      fileType: '仅支持 Excel（.xlsx）或 CSV 文件，请下载导入模板填写',
      maxBytes: FILE_MAX_BYTES,
      tooLarge: '文件大小不能超过10MB',
      noun: '条',
      columns: [
        { title: '姓名', dataIndex: 'name', width: 90 },
        { title: '身份证号码', dataIndex: 'certNo', width: 180 },
        { title: '互助项目', dataIndex: 'productCode', width: 90 },
      ],
      report: (preview) => downloadImportErrors(preview.batchId),
      confirm: async (preview) => onConfirmed(await confirmApplyImport({ batchId: preview.batchId, kind: preview.kind })),
    },
    { refused: setProblem },
  );
  const title = applicationId ? '导入人员到本申请' : `导入${periodYear}年度互助申请`;

  const close = () => {
    imp.setPreview(null);
    setProblem(null);
    onClose();
  };

  if (imp.preview) return <StagedImportModal state={imp} title={title} width={760} backText="重新选择文件" onClose={close} />;

  return (
    <Modal open={open} title={title} width={760} onCancel={close} destroyOnHidden footer={<Button onClick={close}>取消</Button>}>
      <div data-testid="import-upload">
        <p className="apply-import__hint">
          请使用导入模板，每行一人一个互助项目：姓名、身份证号码、互助项目（编码或名称）、份数（空为1份）。
          <Button type="link" onClick={() => void downloadApplyTemplate().catch(() => undefined)}>
            下载导入模板
          </Button>
        </p>
        <Upload.Dragger
          accept=".xlsx,.csv"
          maxCount={1}
          showUploadList={false}
          disabled={imp.uploading}
          beforeUpload={(file) => {
            setProblem(null);
            void imp.upload(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{imp.uploading ? '正在检查，请稍候…' : '点击或拖入 Excel / CSV 文件（不超过10MB）'}</p>
        </Upload.Dragger>
        <UploadProgress progress={imp.progress} />
        {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} /> : null}
      </div>
    </Modal>
  );
}
