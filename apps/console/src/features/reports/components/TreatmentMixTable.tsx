import { Table } from 'antd';
import { Money } from '../../../components/Money';
import type { TreatmentMixRow } from '../api/reports';
import { percent } from '../figures';

/**
 * 互助待遇 of the year by hospital level or by diagnosis chapter (ICD-10): count, amount, paid and
 * the share of the amount, largest first, 合计 last.
 */
export function TreatmentMixTable({ rows, title, testId }: { rows: TreatmentMixRow[]; title: string; testId: string }) {
  const total = rows.reduce(
    (t, r) => ({ treatments: t.treatments + r.treatments, treatmentFen: t.treatmentFen + r.treatmentFen, paidFen: t.paidFen + r.paidFen }),
    { treatments: 0, treatmentFen: 0, paidFen: 0 },
  );
  return (
    <Table<TreatmentMixRow>
      rowKey="key"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid={testId}
      locale={{ emptyText: '该年度没有互助待遇' }}
      columns={[
        { title, dataIndex: 'label' },
        { title: '互助待遇笔数', dataIndex: 'treatments', align: 'right' },
        { title: '互助待遇金额', dataIndex: 'treatmentFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
        { title: '已发放金额', dataIndex: 'paidFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
        { title: '金额占比', dataIndex: 'share', align: 'right', render: (share: number | null) => percent(share) },
      ]}
      summary={() =>
        rows.length > 0 ? (
          <Table.Summary.Row data-testid={`${testId}-total`}>
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {total.treatments}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <Money fen={total.treatmentFen} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <Money fen={total.paidFen} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {percent(total.treatmentFen > 0 ? 1 : null)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
