import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { UNION_CHANGE_STATE_LABELS, type UnionChangeState } from '@hall/shared/union/index.ts';
import { ExportButton } from '../../components/ExportButton';
import { ChoiceFilter, FilterBar, RangeFilter } from '../../components/FilterBar';
import { Panel } from '../../components/Panel';
import { toast } from '../../lib/feedback';
import { formatDateTime } from '../../lib/format';
import { listPaging } from '../../lib/pagination';
import '../../lib/dayjs-zh';
import { FileList } from '../../components/file-preview/FilePreview';
import { type ChangeFilter, unionChangesKey, useExportUnionChanges, useUnionChanges } from './api/union-changes';
import { type UnionChange, unionInfoKey, withdrawUnionChange } from './api/union-info';
import { ChangeDrawer } from './components/ChangeDrawer';
import { FieldValue, STATE_COLORS } from './components/values';
import './union.css';

interface FilterValues {
  state?: UnionChangeState;
  submitted?: [Dayjs | null, Dayjs | null] | null;
}

const STATES = Object.entries(UNION_CHANGE_STATE_LABELS).map(([value, label]) => ({ value, label }));

/** The state a link asks for (基层工会信息's 查看变更 opens ?state=pending). */
const fromLink = (state: string | null): FilterValues =>
  state && state in UNION_CHANGE_STATE_LABELS ? { state: state as UnionChangeState } : {};

function toFilter(v: FilterValues): ChangeFilter {
  const out: ChangeFilter = {
    state: v.state || undefined,
    dateFrom: v.submitted?.[0]?.format('YYYY-MM-DD'),
    dateTo: v.submitted?.[1]?.format('YYYY-MM-DD'),
  };
  return Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined)) as ChangeFilter;
}

/** The changed fields of a row, before → after, at most three, then 等 N 项. */
function Summary({ change }: { change: UnionChange }) {
  const shown = change.fields.slice(0, 3);
  return (
    <div className="union-summary">
      {shown.map((f) => (
        <div key={f.field}>
          <span className="union-summary__label">{f.label}：</span>
          <span className="union-before">
            <FieldValue field={f.field} value={f.before} />
          </span>
          <span className="union-arrow"> → </span>
          <strong>
            <FieldValue field={f.field} value={f.after} />
          </strong>
        </div>
      ))}
      {change.fields.length > 3 ? <div className="union-muted">等 {change.fields.length} 项</div> : null}
    </div>
  );
}

/**
 * /uniInformationEdit 工会信息变更记录: every change of the union's information with its before and
 * after, state and the reviewer's note; filters (state, submit dates) that stay while the tab
 * lives, the detail drawer, 撤回 of the pending one, export to Excel.
 */
export default function UnionChangesPage() {
  const [params] = useSearchParams();
  const [initial] = useState(() => fromLink(params.get('state')));
  const [form] = Form.useForm<FilterValues>();
  // The state of the link fills the field, not the bar's initial values: 重置 shows every change.
  useEffect(() => form.setFieldsValue(initial), [form, initial]);
  const [filter, setFilter] = useState<ChangeFilter>(toFilter(initial));
  const [pager, setPager] = useState({ pageNum: 1, pageSize: 10 });
  const [opened, setOpened] = useState<number | null>(null);
  const exporting = useExportUnionChanges();
  const client = useQueryClient();
  const page = useUnionChanges({ ...filter, ...pager });
  const rows = page.data?.list ?? [];
  const filtered = Object.keys(filter).length > 0;

  const search = (values: FilterValues) => {
    setFilter(toFilter(values));
    setPager((p) => ({ pageNum: 1, pageSize: p.pageSize }));
  };
  const withdraw = async (id: number) => {
    await withdrawUnionChange(id);
    toast.success('已撤回');
    await client.invalidateQueries({ queryKey: unionChangesKey });
    await client.invalidateQueries({ queryKey: unionInfoKey });
  };

  const columns: ColumnsType<UnionChange> = [
    // Fixed widths summing to 790 px, the changes taking the rest of 1,020 (table-layout.ts: within 1,056 at 1366 px).
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (v: string) => formatDateTime(v) },
    { title: '变更内容（变更前 → 变更后）', key: 'fields', render: (_, c) => <Summary change={c} /> },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (_, c) => (
        <Tag color={STATE_COLORS[c.state]} className="union-tag" data-testid={`change-state-${c.id}`}>
          {c.stateLabel}
        </Tag>
      ),
    },
    {
      title: '证明材料',
      key: 'files',
      width: 180,
      render: (_, c) => <FileList files={c.files} empty="—" testId={`change-files-${c.id}`} />,
    },
    { title: '提交人', dataIndex: 'submitter', width: 90 },
    { title: '审核意见', key: 'note', width: 170, render: (_, c) => c.reviewNote ?? <span className="union-muted">—</span> },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, c) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setOpened(c.id)} data-testid={`change-detail-${c.id}`}>
            详情
          </Button>
          {c.state === 'pending' ? (
            <Popconfirm title="撤回这条审核中的变更？" okText="撤回" cancelText="取消" onConfirm={() => void withdraw(c.id)}>
              <Button type="link" size="small" danger>
                撤回
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="union page-wide" data-testid="union-changes-page">
      <Panel
        title="工会信息变更记录"
        extra={<ExportButton exporting={exporting} input={filter} disabled={rows.length === 0} testId="union-export" text="导出Excel" />}
      >
        <FilterBar form={form} onSearch={search}>
          <ChoiceFilter
            label="状态"
            name="state"
            placeholder="全部状态"
            options={STATES}
            style={{ width: 140 }}
            aria-label="状态"
            data-testid="filter-state"
          />
          <RangeFilter label="提交日期" name="submitted" />
        </FilterBar>
        {page.isError ? <Alert type="error" showIcon title="变更记录加载失败" description={(page.error as Error).message} /> : null}
        <Table<UnionChange>
          rowKey="id"
          size="middle"
          loading={page.isFetching}
          dataSource={rows}
          columns={columns}
          scroll={{ x: 1020 }}
          data-testid="union-changes"
          locale={{
            emptyText: (
              <Empty
                description={filtered ? '没有符合条件的变更记录，请调整查询条件' : '暂无变更记录。在“基层工会信息”中点击“编辑”提交变更。'}
              />
            ),
          }}
          pagination={listPaging(page.data, pager, (pageNum, pageSize) => setPager({ pageNum, pageSize }))}
        />
      </Panel>
      <ChangeDrawer id={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
