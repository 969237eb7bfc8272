import { Table } from 'antd';
import { ENROLMENT_GROUP_LABELS, type EnrolmentGroup } from '@hall/shared/money/reports.ts';
import { Money } from '../../../components/Money';
import type { EnrolmentReport, EnrolmentRow } from '../api/reports';
import { percent } from '../figures';

interface Props {
  by: EnrolmentGroup;
  report?: EnrolmentReport;
  loading: boolean;
}

/** 参保统计 by the chosen grouping, 合计 last (the server's totals: a unit in two groups counts once there). */
export function EnrolmentTable({ by, report, loading }: Props) {
  const total = report?.total;
  return (
    <Table<EnrolmentRow>
      rowKey="key"
      size="small"
      pagination={false}
      loading={loading}
      dataSource={report?.list ?? []}
      data-testid="report-enrolment-table"
      columns={[
        { title: ENROLMENT_GROUP_LABELS[by].replace('按', ''), dataIndex: 'label' },
        { title: '参保单位数', dataIndex: 'units', align: 'right' },
        { title: '参保人次', dataIndex: 'lines', align: 'right' },
        { title: '份数', dataIndex: 'shares', align: 'right' },
        { title: '应缴金额', dataIndex: 'dueFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
        { title: '实缴金额', dataIndex: 'receivedFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
        { title: '缴费率', dataIndex: 'rate', align: 'right', render: percent },
      ]}
      summary={() =>
        total ? (
          <Table.Summary.Row data-testid="report-enrolment-total">
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {total.units}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {total.lines}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {total.shares}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <Money fen={total.dueFen} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              <Money fen={total.receivedFen} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              {percent(total.rate)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
