import { useState } from 'react';
import { Button, Empty, Form, Input, Result, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { PSN_TYPE_LABELS, type PsnType, yuan } from '@hall/shared/enrolment/index.ts';
import { PARTICIPATION_STATE_LABELS, PARTICIPATION_STATES, type ParticipationState } from '@hall/shared/enrolment/payable.ts';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { useSignedInSession } from '../../stores/use-signed-in';
import { exportParticipation } from './api/export';
import { type PersonRow, useParticipationPersons } from './api/persons';
import { type ParticipationTotal, useParticipationTotal } from './api/total';
import './participation.css';

const money = (fen: number) => `¥${yuan(fen)}`;
const STATE_COLORS: Record<ParticipationState, string> = {
  covered: 'success',
  waiting: 'processing',
  declared: 'warning',
  none: 'default',
};

interface Filters {
  name?: string;
  certNo?: string;
  productCode?: string;
  state?: ParticipationState;
}

type Figures = Pick<ParticipationTotal['totals'], 'enrolled' | 'insured' | 'covered' | 'waiting' | 'dueFen' | 'paidFen'>;

/** The figures' one definition is the server's (docs/decisions.md 205): 本期参保 = 保障中 + 等待期, as on /Home. */
// 100 px each (a long title wraps): with the unit's name and account the table of subordinate
// units fits a 1366 px screen (table-layout.ts).
const FIGURE_COLUMNS = [
  { title: '已申报（人）', dataIndex: 'enrolled', width: 100, align: 'right' as const },
  { title: '本期参保（人）', dataIndex: 'insured', width: 100, align: 'right' as const },
  { title: '保障中（人）', dataIndex: 'covered', width: 100, align: 'right' as const },
  { title: '等待期（人）', dataIndex: 'waiting', width: 100, align: 'right' as const },
  { title: '待缴金额', dataIndex: 'dueFen', width: 100, align: 'right' as const, render: (v: number) => money(v) },
  { title: '已缴金额', dataIndex: 'paidFen', width: 100, align: 'right' as const, render: (v: number) => money(v) },
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

function Totals({ data }: { data: ParticipationTotal }) {
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

/**
 * /participation 职工参加医疗互助情况: for a period (the one in force by default), per product how
 * many of the unit's staff are declared, covered and waiting, with amounts due and paid; a
 * level-1 union also sees one row per subordinate unit; below, every staff member × product with
 * filters that stay while the tab lives, and 导出 of the filtered list.
 */
export default function ParticipationPage() {
  const session = useSignedInSession();
  const [year, setYear] = useState<number | undefined>();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [exporting, setExporting] = useState(false);
  const total = useParticipationTotal(year);
  const data = total.data;
  const shownYear = year ?? data?.year;
  const personQuery = { year: shownYear, ...filters, ...page };
  const persons = useParticipationPersons(personQuery, shownYear !== undefined);
  const isUnion = session.loginType === 'unit' && Number(session.unit.uactLevel) === 1;

  const search = (values: Filters) => {
    setFilters(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as Filters);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const reset = () => {
    form.resetFields();
    search({});
  };
  const doExport = async () => {
    if (shownYear === undefined) return;
    setExporting(true);
    try {
      const unitName = session.loginType === 'unit' ? session.unit.psnName || session.unit.uact : '';
      await exportParticipation({ year: shownYear, ...filters }, `${unitName}${shownYear}年度参保情况.xlsx`);
    } catch {
      // The downloader has shown 下载失败：…
    } finally {
      setExporting(false);
    }
  };

  const personColumns: ColumnsType<PersonRow> = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 100,
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.left ? <Tag>已减员</Tag> : null}
        </Space>
      ),
    },
    { title: '身份证号码', dataIndex: 'certNo', width: 190 },
    { title: '性别', dataIndex: 'gender', width: 60, render: (v: string) => (v === '1' ? '男' : v === '2' ? '女' : '') },
    { title: '人员类别', dataIndex: 'psnType', width: 100, render: (v: string) => PSN_TYPE_LABELS[v as PsnType] ?? v },
    { title: '互助项目', dataIndex: 'productName', width: 160 },
    { title: '份数', dataIndex: 'shares', width: 60, align: 'right', render: (v: number | null) => v ?? '—' },
    {
      title: '参保状态',
      dataIndex: 'state',
      width: 120,
      render: (v: ParticipationState, r) => <Tag color={STATE_COLORS[v]}>{r.stateLabel}</Tag>,
    },
    { title: '保障起始日期', dataIndex: 'coveredFrom', width: 120, render: (v: string | null) => v ?? '—' },
  ];

  if (total.isError && !data)
    return (
      <div className="participation page-wide" data-testid="participation-page">
        <Result
          status="warning"
          title="参保情况加载失败"
          subTitle={(total.error as Error).message}
          extra={<Button onClick={() => void total.refetch()}>重新加载</Button>}
        />
      </div>
    );

  return (
    <div className="participation page-wide" data-testid="participation-page">
      <div className="participation-head">
        <Space wrap>
          <span>互助年度</span>
          <Select
            aria-label="互助年度"
            style={{ width: 200 }}
            loading={total.isLoading}
            value={shownYear}
            onChange={(v) => {
              setYear(v);
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
            options={(data?.periods ?? []).map((p) => ({ value: p.year, label: p.name }))}
          />
          {data ? (
            <span className="participation-period">
              保障期 {data.startDate} 至 {data.endDate}，统计至 {data.today}
            </span>
          ) : null}
        </Space>
      </div>
      {data ? <Totals data={data} /> : null}

      <Panel title="按互助项目统计">
        <Table
          rowKey="code"
          size="middle"
          loading={total.isFetching}
          pagination={false}
          dataSource={data?.products ?? []}
          columns={[{ title: '互助项目', dataIndex: 'name', width: 180 }, ...FIGURE_COLUMNS]}
          scroll={{ x: 780 }}
          locale={{ emptyText: <Empty description="该年度未设置互助项目" /> }}
          data-testid="product-table"
        />
      </Panel>

      {isUnion ? (
        <Panel title="下属单位参保情况">
          <Table<ParticipationTotal['subordinates'][number]>
            rowKey="uact"
            size="middle"
            loading={total.isFetching}
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
              const sum = (k: keyof Figures) => rows.reduce((s, r) => s + r[k], 0);
              return (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    合计
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {rows.reduce((s, r) => s + r.staff, 0)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {sum('enrolled')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {sum('insured')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {sum('covered')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    {sum('waiting')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} align="right">
                    {money(sum('dueFen'))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={8} align="right">
                    {money(sum('paidFen'))}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              );
            }}
            locale={{ emptyText: <Empty description="暂无下属单位" /> }}
            data-testid="subordinate-table"
          />
        </Panel>
      ) : null}

      <Panel
        title="参保人员明细"
        extra={
          <GuardedButton
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void doExport()}
            disabled={shownYear === undefined}
            data-testid="export-button"
          >
            导出
          </GuardedButton>
        }
      >
        <Form<Filters> form={form} layout="inline" className="participation-filters" onFinish={search}>
          <Form.Item name="name" label="姓名">
            <Input allowClear maxLength={50} placeholder="姓名" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="certNo" label="身份证号码">
            <Input allowClear maxLength={18} placeholder="可输入前几位" style={{ width: 190 }} />
          </Form.Item>
          <Form.Item name="productCode" label="互助项目">
            <Select
              aria-label="互助项目"
              allowClear
              placeholder="全部"
              style={{ width: 170 }}
              options={(data?.products ?? []).map((p) => ({ value: p.code, label: p.name }))}
            />
          </Form.Item>
          <Form.Item name="state" label="参保状态">
            <Select
              aria-label="参保状态"
              allowClear
              placeholder="全部"
              style={{ width: 140 }}
              options={PARTICIPATION_STATES.map((s) => ({ value: s, label: PARTICIPATION_STATE_LABELS[s] }))}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button onClick={reset}>重置</Button>
            </Space>
          </Form.Item>
        </Form>
        <Table<PersonRow>
          rowKey={(r) => `${r.staffId}-${r.productCode}`}
          size="middle"
          loading={persons.isFetching}
          dataSource={persons.data?.list ?? []}
          columns={personColumns}
          scroll={{ x: 900 }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: persons.data?.totlCnt ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (t) => `共 ${t} 条`,
            onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
          }}
          locale={{
            emptyText: persons.isError ? (
              <Result status="warning" title="参保人员加载失败" extra={<Button onClick={() => void persons.refetch()}>重新加载</Button>} />
            ) : (
              <Empty description={Object.keys(filters).length ? '没有符合条件的人员' : '本单位暂无职工，请先在“互助人员管理”中添加'} />
            ),
          }}
          data-testid="person-table"
        />
      </Panel>
    </div>
  );
}
