import { Alert, Button, Table, type TableColumnsType } from 'antd';
import type { CallData } from '@hall/shared/contracts/define.ts';
import type { opsCalls } from '@hall/shared/contracts/ops.ts';
import { chinaMinute } from '@hall/shared/china-time.ts';

export type LoadRecord = CallData<typeof opsCalls.opsRegistryLoadList>['list'][number];

interface Props {
  rows: LoadRecord[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry(): void;
  /** What `changed` counts in this file: 变更 (registry) or 更正或冲销 (settlements). */
  changedLabel: string;
  /** The registry counts no refused rows in its history. */
  showRejected: boolean;
}

/** The file's loads, newest first: file, counts, who and when. */
export function LoadHistory({ rows, loading, error, onRetry, changedLabel, showRejected }: Props) {
  if (error && !rows)
    return (
      <Alert
        type="warning"
        showIcon
        title="导入记录加载失败"
        description={error.message}
        action={
          <Button size="small" onClick={onRetry}>
            重新加载
          </Button>
        }
      />
    );
  const columns: TableColumnsType<LoadRecord> = [
    { title: '批次', dataIndex: 'id', width: 70 },
    { title: '文件名', dataIndex: 'fileName', width: 240, ellipsis: { showTitle: true } },
    { title: '行数', dataIndex: 'rows', width: 90, align: 'right' },
    { title: '新增', dataIndex: 'added', width: 90, align: 'right' },
    { title: changedLabel, dataIndex: 'changed', width: 110, align: 'right' },
    ...(showRejected ? [{ title: '有误', dataIndex: 'rejected', width: 80, align: 'right' as const }] : []),
    { title: '导入人', dataIndex: 'operator', width: 110 },
    { title: '导入时间', dataIndex: 'loadedAt', width: 150, render: (at: string) => chinaMinute(at) },
  ];
  return (
    <Table<LoadRecord>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true, showTotal: (total) => `共 ${total} 次` }}
      locale={{ emptyText: '尚未导入过' }}
      data-testid="load-history"
    />
  );
}
