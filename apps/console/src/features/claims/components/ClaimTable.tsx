import { Button, Grid, type TableColumnsType } from 'antd';
import { actionColumn, moneyColumn, personColumns, stateColumn, timeColumn } from '../../../components/columns';
import { QueueTable } from '../../../components/QueueTable';
import type { ClaimRow } from '../api/claim-list';
import { StateTag } from './labels';

interface Props {
  rows: ClaimRow[];
  loading: boolean;
  onView(row: ClaimRow): void;
}

/**
 * The claims of one state; 查看 opens the drawer, where the decision is taken with the
 * attachments in view. ID numbers come masked from the server. At 1366 px the columns fit beside
 * the sidebar (单位, also in the drawer, from 1600 px; 提交时间 from md); 操作 pinned from md up.
 */
export function ClaimTable({ rows, loading, onView }: Props) {
  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<ClaimRow> = [
    { title: '申请号', dataIndex: 'claimNo', width: 140 },
    { title: '补助类型', dataIndex: 'typeLabel', width: 120 },
    ...personColumns<ClaimRow>(),
    { title: '单位', dataIndex: 'unitName', width: 180, ellipsis: { showTitle: true }, responsive: ['xxl'] },
    moneyColumn<ClaimRow>('金额', 'amountFen', 120),
    timeColumn<ClaimRow>('提交时间', 'submittedAt', { responsive: ['md'] }),
    stateColumn<ClaimRow>((row) => <StateTag row={row} />),
    actionColumn<ClaimRow>(Boolean(screens.md), (row) => (
      <Button type="link" size="small" onClick={() => onView(row)} data-testid={`view-${row.claimNo}`}>
        {row.state === 'city_review' ? '审核' : '查看'}
      </Button>
    )),
  ];
  return <QueueTable rowKey="id" columns={columns} dataSource={rows} loading={loading} empty="暂无补助申请" testId="claim-table" />;
}
