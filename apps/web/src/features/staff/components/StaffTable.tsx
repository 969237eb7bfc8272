import { Button, Empty, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListFailed } from '../../../components/LoadFailed';
import { WIDE_SCREENS_ONLY } from '../../../components/table-layout';
import { listPaging } from '../../../lib/pagination';
import type { StaffItem, StaffPageData } from '../api/staff-page';

/**
 * The staff table: 编辑 and 减员 on a current row (not for a read-only unit), the row selection
 * when 批量操作 is on, pages by the server (`onTurn`), and a failed load offered again.
 */
export function StaffTable({
  page,
  pager,
  filtered,
  readOnly,
  selection,
  onTurn,
  onFirstPage,
  onEdit,
  onLeave,
}: {
  page: UseQueryResult<StaffPageData>;
  pager: { pageNum: number; pageSize: number };
  /** Some filter narrows the list (the empty text says so). */
  filtered: boolean;
  readOnly: boolean;
  selection?: { selected: StaffItem[]; onChange(rows: StaffItem[]): void };
  onTurn(pageNum: number, pageSize: number): void;
  onFirstPage(): void;
  onEdit(r: StaffItem): void;
  onLeave(r: StaffItem): void;
}) {
  const columns: ColumnsType<StaffItem> = [
    { title: '姓名', dataIndex: 'name', width: 96, fixed: 'left' },
    { title: '身份证号码', dataIndex: 'certNo', width: 176 },
    { title: '性别', dataIndex: 'genderLabel', width: 60 },
    // The birth date comes from the ID number, the join date is in the edit form: a 1366 px screen
    // leaves them there (table-layout.ts).
    { title: '出生日期', dataIndex: 'birthDate', width: 110, responsive: WIDE_SCREENS_ONLY },
    { title: '人员类别', dataIndex: 'psnTypeLabel', width: 100 },
    { title: '联系电话', dataIndex: 'phone', width: 120, render: (v: string) => v || '无' },
    {
      title: '银行卡',
      key: 'bank',
      width: 200,
      render: (_, r) => (r.bankCard ? <span title={r.bankName}>{`${r.bankName} ${r.bankCard}`}</span> : '无'),
    },
    { title: '入职日期', dataIndex: 'joinedOn', width: 110, responsive: WIDE_SCREENS_ONLY },
    {
      title: '状态',
      key: 'state',
      width: 120,
      render: (_, r) =>
        r.state === 'left' ? (
          <Tooltip title={`减员原因：${r.leaveReason ?? '无'}`}>
            <Tag>已减员 {r.leftOn}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">在职</Tag>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, r) =>
        r.state === 'left' || readOnly ? (
          <span className="staff-muted">—</span>
        ) : (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => onEdit(r)} data-testid={`edit-${r.id}`}>
              编辑
            </Button>
            <Button type="link" size="small" danger onClick={() => onLeave(r)} data-testid={`leave-${r.id}`}>
              减员
            </Button>
          </Space>
        ),
    },
  ];

  if (page.isError && !page.data)
    return (
      <ListFailed
        title="人员名单加载失败"
        error={page.error}
        retry={() => void page.refetch()}
        also={
          <Button size="small" onClick={onFirstPage}>
            回到第一页
          </Button>
        }
      />
    );
  return (
    <Table<StaffItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={page.data?.list ?? []}
      loading={page.isFetching}
      scroll={{ x: 'max-content' }}
      data-testid="staff-table"
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.selected.map((r) => r.id),
              onChange: (_keys, chosen) => selection.onChange(chosen),
              getCheckboxProps: (r) => ({ disabled: r.state === 'left', 'aria-label': `选择：${r.name}` }),
            }
          : undefined
      }
      locale={{
        emptyText: (
          <Empty
            description={
              page.isLoading ? '正在加载…' : filtered ? '没有符合条件的人员，请调整查询条件' : '本单位还没有互助人员，可“新增”或“导入名单”'
            }
          />
        ),
      }}
      pagination={listPaging(page.data, { pageNum: page.data?.pageNum ?? pager.pageNum, pageSize: pager.pageSize }, onTurn, '人')}
    />
  );
}
