import type { ReactNode } from 'react';
import { Button, Empty, Grid, Table } from 'antd';
import { DESKTOP_ONLY, LARGEST_SCREENS_ONLY, WIDE_SCREENS_ONLY } from '../../../components/table-layout';
import { formatDate } from '../../../lib/format';
import type { ClaimItem } from '../api/claim-list';
import { ClaimStateTag, FILED_BY_LABELS, money } from './labels';

/**
 * A page of claims: number (opens the detail), person with masked ID number, type, amount, state,
 * date, actions. At 1366 px it fits the content area (table-layout.ts): the stay and the year show
 * from 1600 px, who filed from 1920 px (the detail has them all); a phone leaves the date too.
 */
export function ClaimTable({
  rows,
  loading,
  pagination,
  onOpen,
  actions,
  empty,
  showPerson = true,
  testId,
}: {
  rows: ClaimItem[];
  loading: boolean;
  pagination: false | object;
  onOpen(c: ClaimItem): void;
  actions?(c: ClaimItem): ReactNode;
  empty: string;
  showPerson?: boolean;
  testId?: string;
}) {
  // Pinned columns only where there is room for them: on a phone two pinned columns left about
  // 30 px for the rest of the row.
  const wide = Grid.useBreakpoint().md ?? true;
  // Nothing to list: the message alone. An empty table would still scroll sideways, a region with
  // nothing to focus in it that a keyboard cannot reach (axe scrollable-region-focusable).
  if (!loading && rows.length === 0) return <Empty className="claim-empty" description={empty} data-testid={testId} />;
  return (
    <Table<ClaimItem>
      rowKey="id"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      pagination={pagination}
      columns={[
        {
          title: '申请号',
          dataIndex: 'claimNo',
          width: 150,
          fixed: wide ? ('left' as const) : undefined,
          render: (no: string, c) => (
            <Button type="link" className="claim-no" onClick={() => onOpen(c)}>
              {no}
            </Button>
          ),
        },
        ...(showPerson
          ? [
              { title: '姓名', dataIndex: 'personName', width: 90 },
              { title: '身份证号码', dataIndex: 'certNo', width: 170 },
            ]
          : []),
        { title: '补助类型', dataIndex: 'typeLabel', width: 130 },
        { title: '年度', dataIndex: 'periodYear', width: 64, responsive: WIDE_SCREENS_ONLY },
        {
          title: '住院',
          key: 'stay',
          width: 136,
          responsive: WIDE_SCREENS_ONLY,
          // Admission over discharge: two short lines instead of one long one.
          render: (_: unknown, c: ClaimItem) =>
            c.admittedOn ? (
              <span className="claim-stay">
                {c.admittedOn} 至<br />
                {c.dischargedOn}
              </span>
            ) : (
              '—'
            ),
        },
        { title: '金额', dataIndex: 'amountFen', align: 'right' as const, width: 110, render: money },
        {
          title: '状态',
          dataIndex: 'state',
          width: 100,
          render: (_: unknown, c: ClaimItem) => <ClaimStateTag state={c.state} label={c.stateLabel} />,
        },
        {
          title: '申请方式',
          dataIndex: 'filedBy',
          width: 84,
          responsive: LARGEST_SCREENS_ONLY,
          render: (v: ClaimItem['filedBy']) => FILED_BY_LABELS[v],
        },
        { title: '申请日期', dataIndex: 'createdAt', width: 104, responsive: DESKTOP_ONLY, render: (v: string) => formatDate(v) },
        {
          title: '操作',
          key: 'actions',
          fixed: wide ? ('right' as const) : undefined,
          width: actions ? 160 : 80,
          // Two actions (审核通过, 退回) side by side, or one above the other where the column is narrow.
          className: 'claim-table__actions',
          render: (_: unknown, c: ClaimItem) =>
            actions ? (
              actions(c)
            ) : (
              <Button type="link" onClick={() => onOpen(c)}>
                查看
              </Button>
            ),
        },
      ]}
    />
  );
}
