import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Table } from 'antd';
import { GuardedButton } from '../../../components/GuardedButton';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/feedback';
import { confirmImport } from '../api/confirm-import';
import { discardImport } from '../api/discard-import';
import { downloadImportReport } from '../api/import-report';
import type { RosterPreview } from '../api/import-roster';

/**
 * The roster's preview: counts, the rows that will not be imported with their reasons (the first
 * hundred; the report has them all), and the clerk's choice: 确认导入 the valid rows or 取消.
 * Nothing is written before the confirmation.
 */
export function ImportPreviewModal({
  preview,
  onClose,
  onImported,
}: {
  preview: RosterPreview | null;
  onClose(): void;
  onImported(): void;
}) {
  const [saving, setSaving] = useState(false);
  if (!preview) return null;

  const cancel = () => {
    void discardImport(preview.batchId).catch(() => undefined);
    onClose();
  };
  async function confirm() {
    if (!preview) return;
    setSaving(true);
    try {
      const done = await confirmImport(preview.batchId);
      toast.success(`已导入 ${done.imported} 人（新加入 ${done.added} 人，更新 ${done.updated} 人）`, 5);
      onImported();
    } catch {
      // The request client showed why (expired, changed since the preview); the dialog stays.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={`导入预览：${preview.fileName}`}
      open
      width={860}
      onCancel={cancel}
      maskClosable={false}
      footer={[
        preview.invalid > 0 ? (
          <Button
            key="report"
            onClick={() => void downloadImportReport(preview.batchId, preview.fileName).catch(() => undefined)}
            data-testid="import-report"
          >
            下载错误报告
          </Button>
        ) : null,
        <Button key="cancel" onClick={cancel} data-testid="import-cancel">
          取消导入
        </Button>,
        <GuardedButton
          key="ok"
          type="primary"
          loading={saving}
          disabled={preview.valid === 0}
          onClick={() => void confirm()}
          data-testid="import-confirm"
        >
          确认导入 {preview.valid} 人
        </GuardedButton>,
      ]}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered data-testid="import-counts">
        <Descriptions.Item label="名单行数">{preview.total}</Descriptions.Item>
        <Descriptions.Item label="可导入">
          <span className="staff-import__valid">{preview.valid}</span>
        </Descriptions.Item>
        <Descriptions.Item label="有问题">
          <span className={preview.invalid ? 'staff-import__invalid' : undefined}>{preview.invalid}</span>
        </Descriptions.Item>
      </Descriptions>
      {preview.invalid > 0 ? (
        <>
          <Alert
            className="staff-import__alert"
            type="warning"
            showIcon
            message={`以下 ${preview.invalid} 行不会导入。可修改后重新上传，或先导入其余 ${preview.valid} 行。`}
            description={
              preview.invalid > preview.invalidRows.length
                ? `此处仅列出前 ${preview.invalidRows.length} 行，全部问题请下载错误报告。`
                : undefined
            }
          />
          <Table
            size="small"
            rowKey="rowNo"
            dataSource={preview.invalidRows}
            pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            data-testid="import-invalid"
            columns={[
              { title: '行号', dataIndex: 'rowNo', width: 64 },
              { title: '姓名', dataIndex: 'name', width: 100 },
              { title: '身份证号码', dataIndex: 'certNo', width: 180 },
              { title: '错误原因', dataIndex: 'reason' },
            ]}
          />
        </>
      ) : (
        <Alert className="staff-import__alert" type="success" showIcon message="名单检查通过，全部可以导入。" />
      )}
      <p className="staff-import__expires">请在 {formatDateTime(preview.expiresAt)} 前确认，逾期需重新上传。</p>
    </Modal>
  );
}
