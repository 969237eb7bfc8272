import { Empty, Table } from 'antd';
import { yuan } from '@hall/shared/enrolment/index.ts';
import type { ParticipationTotal } from '../api/total';

export const money = (fen: number) => `¥${yuan(fen)}`;

type Figures = Pick<ParticipationTotal['totals'], 'enrolled' | 'insured' | 'covered' | 'waiting' | 'dueFen' | 'paidFen'>;
type Subordinate = ParticipationTotal['subordinates'][number];

/** The figures' one definition is the server's (docs/decisions.md, "One definition of each figure"): 本期参保 = 保障中 + 等待期, as on /Home. */
// 100 px each (a long title wraps): with the unit's name and account the table of subordinate
// units fits a 1366 px screen (table-layout.ts).
const FIGURE_COLUMNS: { title: string; dataIndex: keyof Figures; width: number; align: 'right'; render?: (v: number) => string }[] = [
  { title: '已申报（人）', dataIndex: 'enrolled', width: 100, align: 'right' },
  { title: '本期参保（人）', dataIndex: 'insured', width: 100, align: 'right' },
  { title: '保障中（人）', dataIndex: 'covered', width: 100, align: 'right' },
  { title: '等待期（人）', dataIndex: 'waiting', width: 100, align: 'right' },
  { title: '待缴金额', dataIndex: 'dueFen', width: 100, align: 'right', render: money },
  { title: '已缴金额', dataIndex: 'paidFen', width: 100, align: 'right', render: money },
];

function FigureCard({ label, value, hint, tone }: { label: string; value: string | number; hint?: string; tone?: string }) {
  return (
    <div className={`participation-card${tone ? ` participation-card--${tone}` : ''}`}>
      <span className="participation-card__label">{label}</span>
      <span className="participation-card__value">{value}</span>
      {hint ? <span className="participation-card__hint">{hint}</span> : null}
    </div>
  );
}

/** 参保概况: the unit's figures of the period as cards. */
export function Totals({ data }: { data: ParticipationTotal }) {
  const t = data.totals;
  return (
    <section className="participation-cards" aria-label="参保概况" data-testid="participation-totals">
      <FigureCard label="在职职工" value={t.staff} hint="本单位未减员人数" />
      <FigureCard label="已申报" value={t.enrolled} hint="已提交、待缴费、已缴费的申请（不含已退回）" />
      <FigureCard label="本期参保" value={t.insured} hint={`其中保障已开始 ${t.covered} 人`} tone="ok" />
      <FigureCard label="等待期" value={t.waiting} hint="已缴费，保障未开始" tone="wait" />
      <FigureCard label="待缴金额" value={money(t.dueFen)} tone={t.dueFen > 0 ? 'due' : undefined} />
      <FigureCard label="已缴金额" value={money(t.paidFen)} />
    </section>
  );
}

/** 按互助项目统计: one row per product of the period. */
export function ProductTable({ data, loading }: { data: ParticipationTotal | undefined; loading: boolean }) {
  return (
    <Table
      rowKey="code"
      size="middle"
      loading={loading}
      pagination={false}
      dataSource={data?.products ?? []}
      columns={[{ title: '互助项目', dataIndex: 'name', width: 180 }, ...FIGURE_COLUMNS]}
      scroll={{ x: 780 }}
      locale={{ emptyText: <Empty description="该年度未设置互助项目" /> }}
      data-testid="product-table"
    />
  );
}

/** 下属单位参保情况 (a level-1 union): one row per subordinate unit, their sum under two or more. */
export function SubordinateTable({ data, loading }: { data: ParticipationTotal | undefined; loading: boolean }) {
  return (
    <Table<Subordinate>
      rowKey="uact"
      size="middle"
      loading={loading}
      dataSource={data?.subordinates ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 个单位` }}
      scroll={{ x: 1000 }}
      columns={[
        { title: '单位名称', dataIndex: 'empName', width: 200, ellipsis: true },
        { title: '单位账号', dataIndex: 'uact', width: 110 },
        { title: '在职职工', dataIndex: 'staff', align: 'right', width: 90 },
        ...FIGURE_COLUMNS,
      ]}
      summary={(rows) => {
        if (rows.length < 2) return null;
        const sum = (k: keyof Figures | 'staff') => rows.reduce((s, r) => s + r[k], 0);
        return (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              合计
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {sum('staff')}
            </Table.Summary.Cell>
            {FIGURE_COLUMNS.map((c, i) => (
              <Table.Summary.Cell key={c.dataIndex} index={i + 3} align="right">
                {c.render ? c.render(sum(c.dataIndex)) : sum(c.dataIndex)}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        );
      }}
      locale={{ emptyText: <Empty description="暂无下属单位" /> }}
      data-testid="subordinate-table"
    />
  );
}
