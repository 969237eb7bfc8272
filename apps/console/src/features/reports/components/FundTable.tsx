import { Table } from 'antd';
import { Money } from '../../../components/Money';
import type { FundRow } from '../api/reports';
import { percent } from '../figures';

const money = (fen: number) => <Money fen={fen} />;

/**
 * 互助金收支 per period: 收入 (confirmed payments), 支出 (paid treatments and claims of the period),
 * 待支付 (granted, not yet paid), 结余 and 赔付率 (支出 / 收入).
 */
export function FundTable({ rows, loading }: { rows: FundRow[]; loading: boolean }) {
  return (
    <Table<FundRow>
      rowKey="year"
      size="small"
      pagination={false}
      loading={loading}
      dataSource={rows}
      data-testid="report-fund-table"
      columns={[
        { title: '互助期', dataIndex: 'periodName' },
        { title: '到账笔数', dataIndex: 'payments', align: 'right' },
        { title: '收入', dataIndex: 'receivedFen', align: 'right', render: money },
        { title: '支出', dataIndex: 'paidOutFen', align: 'right', render: money },
        { title: '待支付', dataIndex: 'committedFen', align: 'right', render: money },
        { title: '结余', dataIndex: 'balanceFen', align: 'right', render: money },
        { title: '赔付率', dataIndex: 'payoutRatio', align: 'right', render: percent },
      ]}
    />
  );
}
