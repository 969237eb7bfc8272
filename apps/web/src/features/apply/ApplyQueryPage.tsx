import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Select, Space, Table, Tooltip } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ApplicationItem } from '@hall/shared/contracts/enrolment.ts';
import {
  APPLICATION_KIND_LABELS,
  APPLICATION_STATE_LABELS,
  type ApplicationKind,
  type ApplicationState,
} from '@hall/shared/enrolment/index.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { ChoiceFilter, FilterBar } from '../../components/FilterBar';
import { Panel } from '../../components/Panel';
import { EvaluationAction } from '../../components/evaluation/EvaluationAction';
import { useEvaluations } from '../../lib/evaluation';
import { formatDateTime } from '../../lib/format';
import { applyDetailKey } from './api/apply-detail';
import { applyListKey, useApplyList } from './api/apply-list';
import { usePeriods } from './api/periods';
import { staffOptionsKey } from './api/staff-options';
import { downloadApplyTemplate } from './api/template';
import { ImportDialog } from './components/ImportDialog';
import { money, StateTag } from './components/labels';
import { CreateDialog } from './components/CreateDialog';
import { DetailDrawer } from './components/DetailDrawer';
import { defaultPeriod, kindAllowed } from './period-choice';
import './apply.css';
import { listPaging } from '../../lib/pagination';
import { UnitBusinessBar } from '../../components/UnitBusinessBar';
import { useUnitReadOnly } from '../../lib/user-info';

const STATE_OPTIONS = (Object.keys(APPLICATION_STATE_LABELS) as ApplicationState[]).map((s) => ({
  value: s,
  label: APPLICATION_STATE_LABELS[s],
}));
const KIND_OPTIONS = (Object.keys(APPLICATION_KIND_LABELS) as ApplicationKind[]).map((k) => ({
  value: k,
  label: APPLICATION_KIND_LABELS[k],
}));

interface FilterValues {
  periodYear?: number;
  state?: ApplicationState;
  kind?: ApplicationKind;
}

/**
 * /apply-query 互助申请: the unit's applications per period with state and kind filters (kept
 * while the tab lives), 新建申请, 导入, and the detail drawer where lines are added from the staff
 * list or a file, removed, and the application submitted or cancelled.
 */
export default function ApplyQueryPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const periods = usePeriods();
  const readOnly = useUnitReadOnly();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<FilterValues & { pageNum: number; pageSize: number }>({ pageNum: 1, pageSize: 10 });
  const periodList = periods.data?.list ?? [];
  const year = filters.periodYear ?? defaultPeriod(periodList)?.year;
  const period = periodList.find((p) => p.year === year);
  const list = useApplyList({
    periodYear: year,
    state: filters.state,
    kind: filters.kind,
    pageNum: filters.pageNum,
    pageSize: filters.pageSize,
  });
  // 好差评 (flag evaluation): the unit rates its applications once paid (已缴费/已生效).
  const rated = useEvaluations(
    'application',
    (list.data?.list ?? []).map((a) => String(a.id)),
  );

  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState<{ applicationId?: number; kind: ApplicationKind; periodYear: number } | null>(null);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: applyListKey });
    void client.invalidateQueries({ queryKey: applyDetailKey });
    void client.invalidateQueries({ queryKey: staffOptionsKey });
  };

  if (periods.isError) {
    return <LoadFailed title="互助期加载失败" retry={() => void periods.refetch()} />;
  }

  const allowed = kindAllowed(period);
  return (
    <div className="apply-page page-wide" data-testid="apply-query-page">
      <UnitBusinessBar />
      <Panel
        title="互助申请"
        extra={
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadApplyTemplate().catch(() => undefined)}>
              下载导入模板
            </Button>
            {readOnly ? null : (
              <>
                <Tooltip title={allowed ? '' : '所选互助期当前不在办理期内'}>
                  <Button
                    icon={<UploadOutlined />}
                    disabled={!allowed}
                    onClick={() => period && allowed && setImporting({ kind: allowed, periodYear: period.year })}
                    data-testid="import-open"
                  >
                    导入
                  </Button>
                </Tooltip>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-open">
                  新建申请
                </Button>
              </>
            )}
          </Space>
        }
      >
        <FilterBar form={form} onSearch={(v) => setFilters((f) => ({ ...v, pageNum: 1, pageSize: f.pageSize }))}>
          {/* The period is the page's own (its dates, 导入): it changes at once; left empty it shows the current one. */}
          <Form.Item name="periodYear" getValueProps={(v) => ({ value: v ?? year })}>
            <Select
              aria-label="互助期"
              loading={periods.isLoading}
              style={{ width: 200 }}
              options={periodList.map((p) => ({ value: p.year, label: `${p.year}年度（${p.phaseLabel}）` }))}
              onChange={(periodYear: number) => setFilters((f) => ({ ...f, periodYear, pageNum: 1 }))}
              data-testid="period-select"
            />
          </Form.Item>
          <ChoiceFilter
            name="state"
            aria-label="状态"
            placeholder="全部状态"
            style={{ width: 140 }}
            options={STATE_OPTIONS}
            data-testid="state-select"
          />
          <ChoiceFilter name="kind" aria-label="申请类型" placeholder="全部类型" style={{ width: 120 }} options={KIND_OPTIONS} />
        </FilterBar>
        {period ? (
          <p className="apply-period" data-testid="period-info">
            {period.name} · {period.phaseLabel} · 新参申报 {period.enrolStart} 至 {period.enrolEnd} · 缴费截止 {period.payDeadline} · 互助期{' '}
            {period.startDate} 至 {period.endDate}
          </p>
        ) : null}
        {list.isError && !list.data ? (
          <LoadFailed title="申请列表加载失败" retry={() => void list.refetch()} />
        ) : (
          <Table<ApplicationItem>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            scroll={{ x: 900 }}
            locale={{ emptyText: '暂无互助申请，点击“新建申请”或“导入”开始申报' }}
            data-testid="apply-table"
            pagination={listPaging(list.data, filters, (pageNum, pageSize) => setFilters((f) => ({ ...f, pageNum, pageSize })))}
            columns={[
              {
                title: '申请编号',
                dataIndex: 'no',
                width: 160,
                render: (no: string, a) => (
                  <Button type="link" className="apply-no" onClick={() => setOpenId(a.id)}>
                    {no}
                  </Button>
                ),
              },
              { title: '互助期', dataIndex: 'periodYear', render: (y: number) => `${y}年度` },
              { title: '类型', dataIndex: 'kindLabel' },
              { title: '状态', dataIndex: 'state', render: (_: unknown, a) => <StateTag state={a.state} label={a.stateLabel} /> },
              { title: '人数', dataIndex: 'headcount', align: 'right' },
              { title: '应缴金额', dataIndex: 'amountFen', align: 'right', render: money },
              { title: '创建时间', dataIndex: 'createdAt', render: formatDateTime },
              { title: '提交时间', dataIndex: 'submittedAt', render: (v: string | null) => formatDateTime(v) || '—' },
              {
                title: '说明',
                dataIndex: 'reason',
                ellipsis: true,
                render: (reason: string | null, a) =>
                  a.state === 'returned' && reason ? (
                    // The whole reason on hover; the drawer shows it first too.
                    <span className="apply-returned" title={`退回：${reason}`}>
                      退回：{reason}
                    </span>
                  ) : (
                    ''
                  ),
              },
              ...(rated.on
                ? [
                    {
                      title: '评价',
                      key: 'evaluation',
                      width: 130,
                      render: (_: unknown, a: ApplicationItem) => (
                        <EvaluationAction
                          kind="application"
                          id={String(a.id)}
                          no={a.no}
                          finished={a.state === 'paid' || a.state === 'effective'}
                          evaluation={rated.byId.get(String(a.id))}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Panel>

      <CreateDialog
        open={creating}
        periods={periodList}
        initialYear={year}
        onClose={() => setCreating(false)}
        onCreated={(a) => {
          setCreating(false);
          message.success(`已新建申请 ${a.no}，请添加人员`);
          refresh();
          setOpenId(a.id);
        }}
      />
      {importing ? (
        <ImportDialog
          open
          periodYear={importing.periodYear}
          kind={importing.kind}
          applicationId={importing.applicationId}
          onClose={() => setImporting(null)}
          onConfirmed={(r) => {
            setImporting(null);
            message.success(`已导入 ${r.added} 条${r.skipped ? `，${r.skipped} 条因情况变化未导入` : ''}（申请 ${r.no}）`);
            refresh();
            setOpenId(r.applicationId);
          }}
        />
      ) : null}
      <DetailDrawer
        id={openId}
        periods={periodList}
        onClose={() => setOpenId(null)}
        onChanged={refresh}
        onImport={(a) => setImporting({ applicationId: a.id, kind: a.kind, periodYear: a.periodYear })}
      />
    </div>
  );
}
