import type { TableColumnsType } from 'antd';
import { StatusTag } from '../../../components/StatusTag';
import { moneyColumn, personColumns } from '../../../components/columns';
import type { TreatmentDue } from '../api/treatment-due';
import { QueueTable } from '../../../components/QueueTable';

interface Props {
  rows: TreatmentDue[];
  loading: boolean;
}

/** 待发放 treatments: who, the settlement, what is due; a row that cannot be paid says why (未登记银行卡). */
export function TreatmentDueTable({ rows, loading }: Props) {
  const columns: TableColumnsType<TreatmentDue> = [
    ...personColumns<TreatmentDue>({ nameKey: 'name', nameTitle: '姓名', idTitle: '身份证号码', from: 'md' }),
    { title: '结算单号', dataIndex: 'settlementNo', width: 150 },
    { title: '医院', dataIndex: 'hospitalName', width: 180, ellipsis: { showTitle: true }, responsive: ['lg'] },
    { title: '出院日期', dataIndex: 'dischargedOn', width: 110, responsive: ['md'] },
    moneyColumn<TreatmentDue>('待发放', 'dueFen', 120),
    {
      title: '发放',
      key: 'hold',
      width: 150,
      render: (_: unknown, row) =>
        row.hold ? <StatusTag color="warning">{row.hold}</StatusTag> : <StatusTag color="processing">可发放</StatusTag>,
    },
  ];
  return (
    <QueueTable
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      empty="没有待发放的互助待遇"
      testId="treatment-due-table"
    />
  );
}
