import { useState } from 'react';
import { Alert, Button, Modal, Statistic, Table, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { ImportConfirmed } from '@hall/shared/contracts/enrolment.ts';
import { GuardedButton } from '../../../components/GuardedButton';
import { type ImportPreview, uploadApplyImport } from '../api/import';
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
 * 导入: upload an Excel/CSV list, see the preview (counts, the invalid rows with their reasons,
 * the error report to download), then 确认导入 writes the valid rows. Nothing is written before.
 */
export function ImportDialog({ open, periodYear, kind, applicationId, onClose, onConfirmed }: Props) {
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setPreview(null);
    setProblem(null);
    onClose();
  };

  const upload = async (file: File) => {
    setProblem(null);
    if (!/\.(xlsx|csv)$/i.test(file.name)) return setProblem('仅支持 Excel（.xlsx）或 CSV 文件，请下载导入模板填写');
    if (file.size > MAX_BYTES) return setProblem('文件大小不能超过10MB');
    setBusy(true);
    try {
      setPreview(await uploadApplyImport({ periodYear, kind, applicationId, file }));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const result = await confirmApplyImport({ batchId: preview.batchId, kind: preview.kind });
      setPreview(null);
      onConfirmed(result);
    } catch {
      // The request client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={applicationId ? '导入人员到本申请' : `导入${periodYear}年度互助申请`}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        preview ? (
          <>
            <Button onClick={() => setPreview(null)}>重新选择文件</Button>
            {preview.invalid > 0 ? (
              <Button onClick={() => void downloadImportErrors(preview.batchId).catch(() => undefined)} data-testid="download-errors">
                下载错误报告
              </Button>
            ) : null}
            <GuardedButton type="primary" loading={busy} disabled={preview.valid === 0} onClick={confirm} data-testid="confirm-import">
              确认导入 {preview.valid} 条
            </GuardedButton>
          </>
        ) : (
          <Button onClick={close}>取消</Button>
        )
      }
    >
      {preview ? (
        <div data-testid="import-preview">
          <div className="apply-import__counts">
            <Statistic title="总行数" value={preview.total} />
            <Statistic title="有效" value={preview.valid} styles={{ content: { color: '#389e0d' } }} />
            <Statistic title="无效" value={preview.invalid} styles={{ content: { color: preview.invalid ? '#cf1322' : undefined } }} />
          </div>
          {preview.invalid > 0 ? (
            <>
              <Alert
                type="warning"
                showIcon
                title={`有 ${preview.invalid} 行不能导入，确认导入时只写入 ${preview.valid} 条有效行。`}
                description={
                  preview.invalid > preview.invalidRows.length
                    ? `下方列出前 ${preview.invalidRows.length} 行，全部原因见错误报告。`
                    : undefined
                }
              />
              <Table
                size="small"
                rowKey="rowNo"
                pagination={{ pageSize: 10, showSizeChanger: false }}
                dataSource={preview.invalidRows}
                scroll={{ x: 600 }}
                data-testid="invalid-rows"
                columns={[
                  { title: '行号', dataIndex: 'rowNo', width: 64 },
                  { title: '姓名', dataIndex: 'name', width: 90 },
                  { title: '身份证号码', dataIndex: 'certNo', width: 180 },
                  { title: '互助项目', dataIndex: 'productCode', width: 90 },
                  { title: '错误原因', dataIndex: 'reason' },
                ]}
              />
            </>
          ) : (
            <Alert type="success" showIcon title="全部行检查通过，可以确认导入。" />
          )}
        </div>
      ) : (
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
          {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} /> : null}
        </div>
      )}
    </Modal>
  );
}
