import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Table } from 'antd';
import { GuardedButton } from '../../../components/GuardedButton';
import { toast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { confirmSubImport, discardSubImport, downloadSubImportReport, type SubImportPreview } from '../api/sub-import';

/**
 * The import's preview: counts, the rows that will not be imported with their reasons (the first
 * hundred; the report has them all), then 确认导入 the valid rows or 取消. Nothing is written before.
 */
export function SubImportModal({
  preview,
  noun,
  onClose,
  onImported,
}: {
  preview: SubImportPreview | null;
  noun: string;
  onClose(): void;
  onImported(): void;
}) {
  const [saving, setSaving] = useState(false);
  if (!preview) return null;
  const cancel = () => {
    void discardSubImport(preview.batchId).catch(() => undefined);
    onClose();
  };
  async function confirm() {
    if (!preview) return;
    setSaving(true);
    try {
      const done = await confirmSubImport(preview.batchId);
      toast.success(`已导入 ${done.imported} 家${noun}，初始密码已通过短信发送至各联系人`, 5);
      onImported();
    } catch {
      // shown by the request client; the dialog stays
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
      mask={{ closable: false }}
      footer={[
        preview.invalid > 0 ? (
          <Button
            key="report"
            onClick={() => void downloadSubImportReport(preview.batchId, preview.fileName).catch(() => undefined)}
            data-testid="sub-import-report"
          >
            下载错误报告
          </Button>
        ) : null,
        <Button key="cancel" onClick={cancel}>
          取消导入
        </Button>,
        <GuardedButton
          key="ok"
          type="primary"
          loading={saving}
          disabled={preview.valid === 0}
          onClick={() => void confirm()}
          data-testid="sub-import-confirm"
        >
          确认导入 {preview.valid} 家
        </GuardedButton>,
      ]}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered>
        <Descriptions.Item label="名单行数">{preview.total}</Descriptions.Item>
        <Descriptions.Item label="可导入">{preview.valid}</Descriptions.Item>
        <Descriptions.Item label="有问题">{preview.invalid}</Descriptions.Item>
      </Descriptions>
      {preview.invalid > 0 ? (
        <>
          <Alert
            className="org-drawer__hint org-import__alert"
            type="warning"
            showIcon
            title={`以下 ${preview.invalid} 行不会导入。可修改后重新上传，或先导入其余 ${preview.valid} 行。`}
          />
          <Table
            size="small"
            rowKey="rowNo"
            dataSource={preview.invalidRows}
            pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            columns={[
              { title: '行号', dataIndex: 'rowNo', width: 64 },
              { title: '单位账号', dataIndex: 'uact', width: 120 },
              { title: '单位名称', dataIndex: 'name', width: 200 },
              { title: '错误原因', dataIndex: 'reason' },
            ]}
          />
        </>
      ) : (
        <Alert className="org-drawer__hint org-import__alert" type="success" showIcon title="名单检查通过，全部可以导入。" />
      )}
      <p>请在 {formatDateTime(preview.expiresAt)} 前确认，逾期需重新上传。</p>
    </Modal>
  );
}
