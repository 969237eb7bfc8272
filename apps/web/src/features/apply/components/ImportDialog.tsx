import { useState } from 'react';
import { Alert, Button, Modal, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { AxiosProgressEvent } from 'axios';
import type { ImportConfirmed } from '@hall/shared/contracts/enrolment.ts';
import { StagedImportModal, UploadProgress, useStagedUpload } from '../../../components/staged-import/StagedImport';
import { uploadApplyImport } from '../api/import';
import { confirmApplyImport } from '../api/import-confirm';
import { downloadImportErrors } from '../api/import-errors';
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

const MAX_BYTES = 10 * 1024 * 1024;

/**
 * 导入: upload an Excel/CSV list (its progress shown), see the preview (the one staged-import
 * dialog: counts, the invalid rows with their reasons, the error report), then 确认导入 writes the
 * valid rows. Nothing is written before.
 */
export function ImportDialog({ open, periodYear, kind, applicationId, onClose, onConfirmed }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const send = (file: File, onUploadProgress: (e: AxiosProgressEvent) => void) =>
    uploadApplyImport({ periodYear, kind, applicationId, file, onUploadProgress }).catch((error: Error) => {
      setProblem(error.message);
      throw error;
    });
  const { upload: start, uploading: busy, progress, preview, setPreview } = useStagedUpload(send);
  const title = applicationId ? '导入人员到本申请' : `导入${periodYear}年度互助申请`;

  const close = () => {
    setPreview(null);
    setProblem(null);
    onClose();
  };

  const upload = async (file: File) => {
    setProblem(null);
    if (!/\.(xlsx|csv)$/i.test(file.name)) return setProblem('仅支持 Excel（.xlsx）或 CSV 文件，请下载导入模板填写');
    if (file.size > MAX_BYTES) return setProblem('文件大小不能超过10MB');
    await start(file);
  };

  if (preview)
    return (
      <StagedImportModal
        preview={preview}
        title={title}
        width={760}
        noun="条"
        columns={[
          { title: '姓名', dataIndex: 'name', width: 90 },
          { title: '身份证号码', dataIndex: 'certNo', width: 180 },
          { title: '互助项目', dataIndex: 'productCode', width: 90 },
        ]}
        back={() => setPreview(null)}
        backText="重新选择文件"
        onClose={close}
        report={() => downloadImportErrors(preview.batchId)}
        confirm={async () => {
          const result = await confirmApplyImport({ batchId: preview.batchId, kind: preview.kind });
          setPreview(null);
          onConfirmed(result);
        }}
      />
    );

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
          disabled={busy}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{busy ? '正在检查，请稍候…' : '点击或拖入 Excel / CSV 文件（不超过10MB）'}</p>
        </Upload.Dragger>
        <UploadProgress progress={progress} />
        {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} /> : null}
      </div>
    </Modal>
  );
}
