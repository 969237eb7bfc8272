import { App, Switch, Table, type TableColumnsType } from 'antd';
import { featureCalls } from '@hall/shared/contracts/features.ts';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { useMayCall } from '../../lib/operator-may';
import { type FeatureFlag, useFlags, useSetFlag } from './api/feature-flags';

/** 功能开关: each flag, its default and who last set it; a switch asks before it turns (the portal follows at once). */
export default function FlagsPage() {
  const { modal } = App.useApp();
  const list = useFlags();
  const set = useSetFlag();
  const mayWrite = useMayCall(featureCalls.opsFeatureFlagSet);
  const confirmSet = (row: FeatureFlag, on: boolean) =>
    modal.confirm({
      title: `${on ? '打开' : '关闭'}：${row.label}`,
      content: '门户随即按新的设置办理。',
      okText: on ? '打开' : '关闭',
      cancelText: '取消',
      onOk: () => set.mutateAsync({ name: row.name, on, label: row.label }),
    });
  const columns: TableColumnsType<FeatureFlag> = [
    { title: '功能', dataIndex: 'label', width: 260 },
    {
      title: '状态',
      dataIndex: 'on',
      width: 110,
      render: (on: boolean, row) => (
        <Switch
          checked={on}
          disabled={!mayWrite}
          checkedChildren="开"
          unCheckedChildren="关"
          aria-label={row.label}
          onChange={(next) => confirmSet(row, next)}
          data-testid={`flag-${row.name}`}
        />
      ),
    },
    { title: '默认', dataIndex: 'defaultOn', width: 70, render: (on: boolean) => (on ? '开' : '关') },
    {
      title: '最后设置',
      key: 'updated',
      width: 220,
      render: (_: unknown, row) => (row.updatedAt ? `${chinaMinute(row.updatedAt)} ${row.updatedBy ?? ''}` : '未设置（取默认值）'),
    },
  ];
  return (
    <section className="console-panel" aria-labelledby="flags-title">
      <h2 id="flags-title" className="page-title">
        功能开关
      </h2>
      {list.isError && !list.data ? (
        <LoadFailed what="功能开关" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table
          rowKey="name"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={false}
          data-testid="flag-table"
        />
      )}
    </section>
  );
}
