import { useState } from 'react';
import { Button, Grid, Space, Table, type TableColumnsType } from 'antd';
import { Money } from '../../../components/Money';
import { StatusTag } from '../../../components/StatusTag';
import type { Period, Product } from '../api/period-list';
import { ruleLines } from './rule';

const PHASE_COLORS: Record<Period['phase'], string> = {
  upcoming: 'default',
  enrolling: 'processing',
  inForce: 'success',
  closed: 'default',
};

interface Props {
  rows: Period[];
  loading: boolean;
  /** Absent: the operator may not change (the auditor, finance). */
  onEditPeriod?(period: Period): void;
  onAddProduct?(period: Period): void;
  onEditProduct?(period: Period, product: Product): void;
}

function ProductTable({ period, onEdit }: { period: Period; onEdit?(product: Product): void }) {
  const columns: TableColumnsType<Product> = [
    { title: '代码', dataIndex: 'code', width: 70 },
    { title: '险种名称', dataIndex: 'name', width: 170 },
    { title: '每份费率', dataIndex: 'rateFen', width: 100, align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '可购份数', dataIndex: 'maxShares', width: 90, align: 'right' },
    { title: '参加范围', dataIndex: 'eligibilityLabel', width: 100 },
    {
      title: '待遇规则',
      key: 'rule',
      width: 320,
      render: (_: unknown, p) => (
        <ul className="period-rule">
          {ruleLines(p.benefitRule).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
    ...(onEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, p: Product) => (
              <Button type="link" size="small" onClick={() => onEdit(p)} data-testid={`product-edit-${period.year}-${p.code}`}>
                修改
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<Product>
      rowKey="code"
      size="small"
      columns={columns}
      dataSource={period.products}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '本期尚无险种' }}
      data-testid={`products-${period.year}`}
    />
  );
}

/**
 * The periods, newest year first, with their phase and dates; a period's row opens to its
 * products with rate, shares, eligibility and the benefit rule in words (the newest open at first).
 */
export function PeriodTable({ rows, loading, onEditPeriod, onAddProduct, onEditProduct }: Props) {
  const screens = Grid.useBreakpoint();
  // The newest period open until the clerk chooses (the list comes after the first render).
  const [expanded, setExpanded] = useState<readonly number[] | null>(null);
  const mayChange = Boolean(onEditPeriod);
  const columns: TableColumnsType<Period> = [
    { title: '年度', dataIndex: 'year', width: 70 },
    { title: '名称', dataIndex: 'name', width: 190, ellipsis: { showTitle: true } },
    {
      title: '阶段',
      dataIndex: 'phase',
      width: 90,
      render: (_: unknown, p) => <StatusTag color={PHASE_COLORS[p.phase]}>{p.phaseLabel}</StatusTag>,
    },
    { title: '保障期', key: 'cover', width: 200, render: (_: unknown, p) => `${p.startDate} 至 ${p.endDate}` },
    { title: '申报期', key: 'enrol', width: 200, render: (_: unknown, p) => `${p.enrolStart} 至 ${p.enrolEnd}` },
    { title: '缴费截止', dataIndex: 'payDeadline', width: 110, responsive: ['lg'] },
    { title: '等待期', dataIndex: 'waitingDays', width: 80, render: (days: number) => `${days} 天`, responsive: ['lg'] },
    ...(mayChange
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 170,
            fixed: screens.md ? ('right' as const) : undefined,
            render: (_: unknown, p: Period) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => onEditPeriod?.(p)} data-testid={`period-edit-${p.year}`}>
                  修改
                </Button>
                <Button type="link" size="small" onClick={() => onAddProduct?.(p)} data-testid={`product-add-${p.year}`}>
                  新建险种
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<Period>
      rowKey="year"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      expandable={{
        expandedRowKeys: expanded ?? (rows.length ? [rows[0].year] : []),
        onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
        expandedRowRender: (p) => <ProductTable period={p} onEdit={onEditProduct ? (product) => onEditProduct(p, product) : undefined} />,
      }}
      locale={{ emptyText: '尚无互助期' }}
      data-testid="period-table"
    />
  );
}
