import { Table } from 'antd';
import { Money } from '../../../components/Money';
import type { BenefitReport } from '../api/reports';

type Month = BenefitReport['months'][number];

const figureColumns = [
  { title: '互助待遇笔数', dataIndex: 'treatments', align: 'right' as const },
  { title: '互助待遇金额', dataIndex: 'treatmentFen', align: 'right' as const, render: (fen: number) => <Money fen={fen} /> },
  { title: '补助笔数', dataIndex: 'claims', align: 'right' as const },
  { title: '补助金额', dataIndex: 'claimFen', align: 'right' as const, render: (fen: number) => <Money fen={fen} /> },
];

/** 待遇统计: the year's twelve months (treatments by discharge, claims by approval), 合计 last. */
export function BenefitTable({ report, loading }: { report?: BenefitReport; loading: boolean }) {
  const total = report?.total;
  return (
    <Table<Month>
      rowKey="month"
      size="small"
      pagination={false}
      loading={loading}
      dataSource={report?.months ?? []}
      data-testid="report-benefit-table"
      columns={[{ title: '月份', dataIndex: 'month' }, ...figureColumns]}
      summary={() =>
        total ? (
          <Table.Summary.Row data-testid="report-benefit-total">
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {total.treatments}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <Money fen={total.treatmentFen} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {total.claims}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <Money fen={total.claimFen} />
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

/** The same figures by product (险种). */
export function BenefitProductTable({ report }: { report?: BenefitReport }) {
  return (
    <Table
      rowKey="productCode"
      size="small"
      pagination={false}
      dataSource={report?.products ?? []}
      data-testid="report-benefit-products"
      columns={[{ title: '险种', dataIndex: 'productName' }, ...figureColumns]}
    />
  );
}
