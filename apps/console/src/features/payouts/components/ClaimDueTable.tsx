import type { TableColumnsType } from 'antd';
import { StatusTag } from '../../../components/StatusTag';
import { moneyColumn, personColumns } from '../../../components/columns';
import type { ClaimDue } from '../api/claim-due';
import { QueueTable } from '../../../components/QueueTable';

interface Props {
  rows: ClaimDue[];
  loading: boolean;
}

/** Claims approved at 市总审核 and waiting for payment; a claim without a card on file stays 待发放. */
export function ClaimDueTable({ rows, loading }: Props) {
  const columns: TableColumnsType<ClaimDue> = [
    { title: '补助申请号', dataIndex: 'claimNo', width: 140 },
    ...personColumns<ClaimDue>({ nameTitle: '姓名', idTitle: '身份证号码', from: 'md' }),
    { title: '单位', dataIndex: 'unitName', width: 180, ellipsis: { showTitle: true }, responsive: ['lg'] },
    { title: '类别', dataIndex: 'typeLabel', width: 140, responsive: ['md'] },
    moneyColumn<ClaimDue>('核定金额', 'amountFen', 120),
    {
      title: '银行卡',
      dataIndex: 'hasBankCard',
      width: 110,
      render: (has: boolean) => (has ? <StatusTag color="success">已登记</StatusTag> : <StatusTag color="warning">未登记银行卡</StatusTag>),
    },
  ];
  return <QueueTable rowKey="id" columns={columns} dataSource={rows} loading={loading} empty="没有待发放的补助" testId="claim-due-table" />;
}
