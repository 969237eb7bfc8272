import { Empty, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { PSN_TYPE_LABELS, type PsnType } from '@hall/shared/enrolment/index.ts';
import type { ParticipationState } from '@hall/shared/enrolment/payable.ts';
import { LoadFailed } from '../../../components/LoadFailed';
import type { PersonPage, PersonRow } from '../api/persons';

const STATE_COLORS: Record<ParticipationState, string> = {
  covered: 'success',
  waiting: 'processing',
  declared: 'warning',
  none: 'default',
};

const COLUMNS: ColumnsType<PersonRow> = [
  {
    title: '姓名',
    dataIndex: 'name',
    width: 100,
    render: (v: string, r) => (
      <Space size={4}>
        {v}
        {r.left ? <Tag>已减员</Tag> : null}
      </Space>
    ),
  },
  { title: '身份证号码', dataIndex: 'certNo', width: 190 },
  { title: '性别', dataIndex: 'gender', width: 60, render: (v: string) => (v === '1' ? '男' : v === '2' ? '女' : '') },
  { title: '人员类别', dataIndex: 'psnType', width: 100, render: (v: string) => PSN_TYPE_LABELS[v as PsnType] ?? v },
  { title: '互助项目', dataIndex: 'productName', width: 160 },
  { title: '份数', dataIndex: 'shares', width: 60, align: 'right', render: (v: number | null) => v ?? '—' },
  {
    title: '参保状态',
    dataIndex: 'state',
    width: 120,
    render: (v: ParticipationState, r) => <Tag color={STATE_COLORS[v]}>{r.stateLabel}</Tag>,
  },
  { title: '保障起始日期', dataIndex: 'coveredFrom', width: 120, render: (v: string | null) => v ?? '—' },
];

/** 参保人员明细: every staff member × product, a page at a time; a failed load offered again. */
export function PersonTable({
  persons,
  page,
  filtered,
  onPage,
}: {
  persons: UseQueryResult<PersonPage>;
  page: { pageNum: number; pageSize: number };
  filtered: boolean;
  onPage(page: { pageNum: number; pageSize: number }): void;
}) {
  return (
    <Table<PersonRow>
      rowKey={(r) => `${r.staffId}-${r.productCode}`}
      size="middle"
      loading={persons.isFetching}
      dataSource={persons.data?.list ?? []}
      columns={COLUMNS}
      scroll={{ x: 900 }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: persons.data?.totlCnt ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (t) => `共 ${t} 条`,
        onChange: (pageNum, pageSize) => onPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
      }}
      locale={{
        emptyText: persons.isError ? (
          <LoadFailed title="参保人员加载失败" retry={() => void persons.refetch()} />
        ) : (
          <Empty description={filtered ? '没有符合条件的人员' : '本单位暂无职工，请先在“互助人员管理”中添加'} />
        ),
      }}
      data-testid="person-table"
    />
  );
}
