import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Input, Modal, Radio, Result, Select, Space, Table, Tooltip } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ApplicationItem, PeriodInfo } from '@hall/shared/contracts/enrolment.ts';
import {
  APPLICATION_KIND_LABELS,
  APPLICATION_STATE_LABELS,
  type ApplicationKind,
  type ApplicationState,
} from '@hall/shared/enrolment/index.ts';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { EvaluationAction } from '../../components/evaluation/EvaluationAction';
import { useEvaluations } from '../../lib/evaluation';
import { formatDateTime } from '../../lib/format';
import { createApplication } from './api/apply-create';
import { applyDetailKey, useApplyDetail } from './api/apply-detail';
import { applyListKey, useApplyList } from './api/apply-list';
import { cancelApplication } from './api/cancel';
import { usePeriods } from './api/periods';
import { removeLines } from './api/remove-lines';
import { staffOptionsKey } from './api/staff-options';
import { submitApplication } from './api/submit';
import { downloadApplyTemplate } from './api/template';
import { ApplicationView } from './components/ApplicationView';
import { ImportDialog } from './components/ImportDialog';
import { money, StateTag } from './components/labels';
import { StaffPicker } from './components/StaffPicker';
import './apply.css';
import { serverPaging } from '../../lib/pagination';
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

/** The period a clerk works on by default: the one enrolling, else the one in force, else the newest. */
export function defaultPeriod(list: readonly PeriodInfo[]): PeriodInfo | undefined {
  return list.find((p) => p.phase === 'enrolling') ?? list.find((p) => p.phase === 'inForce') ?? list[0];
}

/** The kind a period allows today (new in its window, add while in force), or null. */
export const kindAllowed = (p: PeriodInfo | undefined): ApplicationKind | null => (p?.canApplyNew ? 'new' : p?.canApplyAdd ? 'add' : null);

interface Filters {
  periodYear?: number;
  state?: ApplicationState;
  kind?: ApplicationKind;
  pageNum: number;
  pageSize: number;
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
  const [filters, setFilters] = useState<Filters>({ pageNum: 1, pageSize: 10 });
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
    return <Result status="warning" title="互助期加载失败" extra={<Button onClick={() => void periods.refetch()}>重新加载</Button>} />;
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
        <div className="apply-filters">
          <Select
            aria-label="互助期"
            value={year}
            loading={periods.isLoading}
            style={{ width: 200 }}
            options={periodList.map((p) => ({ value: p.year, label: `${p.year}年度（${p.phaseLabel}）` }))}
            onChange={(v) => setFilters((f) => ({ ...f, periodYear: v, pageNum: 1 }))}
            data-testid="period-select"
          />
          <Select
            aria-label="状态"
            allowClear
            placeholder="全部状态"
            value={filters.state}
            style={{ width: 140 }}
            options={STATE_OPTIONS}
            onChange={(v) => setFilters((f) => ({ ...f, state: v, pageNum: 1 }))}
            data-testid="state-select"
          />
          <Select
            aria-label="申请类型"
            allowClear
            placeholder="全部类型"
            value={filters.kind}
            style={{ width: 120 }}
            options={KIND_OPTIONS}
            onChange={(v) => setFilters((f) => ({ ...f, kind: v, pageNum: 1 }))}
          />
          <Button onClick={() => setFilters({ pageNum: 1, pageSize: filters.pageSize })}>重置</Button>
        </div>
        {period ? (
          <p className="apply-period" data-testid="period-info">
            {period.name} · {period.phaseLabel} · 新参申报 {period.enrolStart} 至 {period.enrolEnd} · 缴费截止 {period.payDeadline} · 互助期{' '}
            {period.startDate} 至 {period.endDate}
          </p>
        ) : null}
        {list.isError && !list.data ? (
          <Result status="warning" title="申请列表加载失败" extra={<Button onClick={() => void list.refetch()}>重新加载</Button>} />
        ) : (
          <Table<ApplicationItem>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            scroll={{ x: 900 }}
            locale={{ emptyText: '暂无互助申请，点击“新建申请”或“导入”开始申报' }}
            data-testid="apply-table"
            pagination={serverPaging({
              pageNum: filters.pageNum,
              pageSize: filters.pageSize,
              total: list.data?.totlCnt ?? 0,
              onChange: (pageNum, pageSize) => setFilters((f) => ({ ...f, pageNum, pageSize })),
            })}
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

function CreateDialog({
  open,
  periods,
  initialYear,
  onClose,
  onCreated,
}: {
  open: boolean;
  periods: readonly PeriodInfo[];
  initialYear?: number;
  onClose(): void;
  onCreated(a: ApplicationItem): void;
}) {
  const open_ = periods.filter((p) => p.canApplyNew || p.canApplyAdd);
  const [year, setYear] = useState<number | undefined>(undefined);
  const chosenYear = year ?? (open_.some((p) => p.year === initialYear) ? initialYear : open_[0]?.year);
  const period = open_.find((p) => p.year === chosenYear);
  const [kind, setKind] = useState<ApplicationKind | undefined>(undefined);
  const chosenKind = kind && (kind === 'new' ? period?.canApplyNew : period?.canApplyAdd) ? kind : (kindAllowed(period) ?? undefined);
  const [busy, setBusy] = useState(false);
  const create = async () => {
    if (!chosenYear || !chosenKind) return;
    setBusy(true);
    try {
      onCreated(await createApplication({ periodYear: chosenYear, kind: chosenKind }));
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title="新建互助申请"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <GuardedButton key="ok" type="primary" loading={busy} disabled={!chosenKind} onClick={create} data-testid="create-submit">
          新建
        </GuardedButton>,
      ]}
    >
      {open_.length === 0 ? (
        <Result status="info" title="当前没有可办理的互助期" subTitle="新参申请在申报期内办理，增员申请在互助期内办理。" />
      ) : (
        <div className="apply-create">
          <div className="apply-create__row">
            <span>互助期</span>
            <Select
              aria-label="互助期"
              value={chosenYear}
              style={{ width: 240 }}
              options={open_.map((p) => ({ value: p.year, label: `${p.year}年度（${p.phaseLabel}）` }))}
              onChange={setYear}
            />
          </div>
          <div className="apply-create__row">
            <span>申请类型</span>
            <Radio.Group value={chosenKind} onChange={(e) => setKind(e.target.value)}>
              <Radio value="new" disabled={!period?.canApplyNew}>
                新参（申报期 {period?.enrolStart} 至 {period?.enrolEnd}）
              </Radio>
              <Radio value="add" disabled={!period?.canApplyAdd}>
                增员（互助期内）
              </Radio>
            </Radio.Group>
          </div>
        </div>
      )}
    </Modal>
  );
}

function DetailDrawer({
  id,
  periods,
  onClose,
  onChanged,
  onImport,
}: {
  id: number | null;
  periods: readonly PeriodInfo[];
  onClose(): void;
  onChanged(): void;
  onImport(a: ApplicationItem): void;
}) {
  const readOnly = useUnitReadOnly();
  const { message, modal } = App.useApp();
  const [lineQuery, setLineQuery] = useState({ pageNum: 1, pageSize: 10, keyword: '' });
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const detail = useApplyDetail(id === null ? null : { id, ...lineQuery, keyword: lineQuery.keyword || undefined });
  const data = detail.data && detail.data.application.id === id ? detail.data : undefined;
  const a = data?.application;
  const period = periods.find((p) => p.year === a?.periodYear);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      message.success(done);
      setSelected([]);
      onChanged();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const remove = () =>
    modal.confirm({
      title: `移除所选 ${selected.length} 条明细？`,
      content: '移除后可重新添加。',
      okText: '移除',
      okButtonProps: { danger: true },
      onOk: () => act(() => removeLines({ id: id!, lineIds: selected }), '已移除所选明细'),
    });

  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setSelected([]);
        setLineQuery({ pageNum: 1, pageSize: 10, keyword: '' });
        onClose();
      }}
      size={960}
      title={a ? `互助申请 ${a.no}` : '互助申请'}
      destroyOnHidden
      extra={
        a && !readOnly ? (
          <Space wrap>
            {a.canCancel ? (
              <Button danger onClick={() => setCancelling(true)} data-testid="cancel-open">
                撤销申请
              </Button>
            ) : null}
            {a.canEdit ? (
              <Tooltip title={a.canSubmit ? '' : a.headcount === 0 ? '请先添加人员' : '当前不在办理期内'}>
                <GuardedButton
                  type="primary"
                  loading={busy}
                  disabled={!a.canSubmit}
                  onClick={() =>
                    void act(() => submitApplication(a.id), a.needsReview ? '已提交，等待上级工会审核' : '已提交，请按缴费通知单缴费')
                  }
                  data-testid="submit-application"
                >
                  提交
                </GuardedButton>
              </Tooltip>
            ) : null}
          </Space>
        ) : null
      }
    >
      {detail.isError && !data ? (
        <Result status="warning" title="申请详情加载失败" extra={<Button onClick={() => void detail.refetch()}>重新加载</Button>} />
      ) : !data || !a ? (
        <div className="apply-loading">正在加载…</div>
      ) : (
        <ApplicationView
          detail={data}
          loading={detail.isFetching}
          onLinePage={(pageNum, pageSize) => setLineQuery((q) => ({ ...q, pageNum, pageSize }))}
          onKeyword={(keyword) => setLineQuery((q) => ({ ...q, keyword, pageNum: 1 }))}
          selectedLines={a.canEdit && !readOnly ? selected : undefined}
          onSelectLines={a.canEdit && !readOnly ? setSelected : undefined}
          lineActions={
            a.canEdit && !readOnly ? (
              <Space wrap>
                <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="pick-staff">
                  从人员名单添加
                </Button>
                <Button icon={<UploadOutlined />} onClick={() => onImport(a)}>
                  导入
                </Button>
                <Button danger disabled={selected.length === 0} onClick={remove} data-testid="remove-lines">
                  移除所选
                </Button>
              </Space>
            ) : null
          }
        />
      )}
      {a && period && picking ? (
        <StaffPicker
          open
          applicationId={a.id}
          period={period}
          onClose={() => setPicking(false)}
          onAdded={(r) => {
            setPicking(false);
            if (r.added) message.success(`已添加 ${r.added} 条明细`);
            onChanged();
          }}
        />
      ) : null}
      <Modal
        open={cancelling}
        title="撤销互助申请"
        onCancel={() => setCancelling(false)}
        okText="确认撤销"
        okButtonProps={{ danger: true, loading: busy }}
        onOk={async () => {
          if (await act(() => cancelApplication(a!.id, note.trim() || undefined), '申请已撤销')) {
            setCancelling(false);
            setNote('');
          }
        }}
      >
        <p>撤销后该申请不能再提交，其中的人员可在其他申请中重新申报。</p>
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          placeholder="撤销说明（选填）"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-label="撤销说明"
        />
      </Modal>
    </Drawer>
  );
}
