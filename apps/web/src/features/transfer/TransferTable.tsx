import { useState } from 'react';
import { Button, Input, Modal, Popconfirm, Table, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/feedback';
import { ChoiceFilter, TextFilter } from '../../components/FilterBar';
import { optionsOf, pagedList, TransferFilters, useListState } from './list-parts';
import { cancelOut, receiveInto, returnInto, type TransferItem, type TransferQuery, transfersKey, useTransfers } from './api/transfers';
import { TRANSFER_COLORS, TRANSFER_STATE_LABELS, timeText } from './labels';

type Filters = Pick<TransferQuery, 'state' | 'name'>;

/**
 * The transfers of the unit on one side (out: filed by it; into: filed to it), with the actions of
 * that side; none for a released branch (`readOnly`).
 */
export function TransferTable({ direction, readOnly = false }: { direction: 'out' | 'into'; readOnly?: boolean }) {
  const client = useQueryClient();
  const { filters, page, setPage, search } = useListState<Filters>();
  const [returning, setReturning] = useState<TransferItem | null>(null);
  const [reason, setReason] = useState('');
  const list = useTransfers({ direction, ...filters, ...page });
  const refresh = () => void client.invalidateQueries({ queryKey: transfersKey() });
  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      toast.success(done);
      refresh();
    } catch {
      // shown by the request client
    }
  }
  const columns: ColumnsType<TransferItem> = [
    { title: '姓名', dataIndex: 'personName', width: 90 },
    { title: '身份证号码', dataIndex: 'certNo', width: 170 },
    direction === 'out' ? { title: '转入单位', dataIndex: 'toUnitName' } : { title: '转出单位', dataIndex: 'fromUnitName' },
    { title: '转移日期', dataIndex: 'transferDate', width: 110 },
    {
      title: '状态',
      dataIndex: 'stateLabel',
      width: 110,
      render: (label: string, row) => <Tag color={TRANSFER_COLORS[row.state]}>{label}</Tag>,
    },
    {
      title: '说明',
      key: 'note',
      render: (_: unknown, row) => (row.returnReason ? `退回原因：${row.returnReason}` : (row.reason ?? '')),
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (v: string) => timeText(v) },
  ];
  if (!readOnly)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={4}>
          {row.canCancel ? (
            <Popconfirm title="撤销该关系转出申请？" onConfirm={() => act(() => cancelOut(row.id), '已撤销')}>
              <Button size="small" data-testid={`transfer-cancel-${row.id}`}>
                撤销
              </Button>
            </Popconfirm>
          ) : null}
          {row.canReceive ? (
            <>
              <Popconfirm title="确认接收该职工？" onConfirm={() => act(() => receiveInto(row.id), '已确认接收，待市总工会审核')}>
                <Button size="small" type="primary" data-testid={`transfer-receive-${row.id}`}>
                  确认接收
                </Button>
              </Popconfirm>
              <Button size="small" danger onClick={() => (setReason(''), setReturning(row))}>
                退回
              </Button>
            </>
          ) : null}
        </Space>
      ),
    });
  return (
    <>
      <TransferFilters<Filters> onSearch={(v) => search({ state: v.state || undefined, name: v.name?.trim() || undefined })}>
        <TextFilter label="姓名" name="name" maxLength={50} placeholder="姓名" />
        <ChoiceFilter label="状态" name="state" style={{ width: 140 }} options={optionsOf(TRANSFER_STATE_LABELS)} />
      </TransferFilters>
      <Table<TransferItem>
        rowKey="id"
        columns={columns}
        size="small"
        scroll={{ x: 1000 }}
        data-testid={`transfer-table-${direction}`}
        {...pagedList(list, page, setPage, direction === 'out' ? '暂无关系转出申请' : '暂无关系转入申请')}
      />
      <Modal
        open={returning !== null}
        title="退回关系转入"
        okText="退回"
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        onCancel={() => setReturning(null)}
        onOk={async () => {
          const row = returning!;
          await act(() => returnInto(row.id, reason.trim()), '已退回');
          setReturning(null);
        }}
      >
        <Input.TextArea rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="请输入退回原因" />
      </Modal>
    </>
  );
}
