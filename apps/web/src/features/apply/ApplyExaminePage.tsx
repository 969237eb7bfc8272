import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Input, Modal, Result, Select, Space, Table } from 'antd';
import type { ApplicationItem } from '@hall/shared/contracts/enrolment.ts';
import { APPLICATION_STATE_LABELS, type ApplicationState } from '@hall/shared/enrolment/index.ts';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { WIDE_SCREENS_ONLY } from '../../components/table-layout';
import { formatDateTime } from '../../lib/format';
import { approveApplication, batchApprove, returnApplication } from './api/examine-decide';
import { examineDetailKey, useExamineDetail } from './api/examine-detail';
import { examineListKey, useExamineList } from './api/examine-list';
import { usePeriods } from './api/periods';
import { ApplicationView } from './components/ApplicationView';
import { money, StateTag } from './components/labels';
import './apply.css';
import { serverPaging } from '../../lib/pagination';

const REVIEW_STATES: ApplicationState[] = ['submitted', 'returned', 'unpaid', 'paid', 'effective', 'cancelled'];
const STATE_OPTIONS = [
  { value: 'all', label: '全部状态' },
  ...REVIEW_STATES.map((s) => ({ value: s, label: s === 'submitted' ? '待审核（已提交）' : APPLICATION_STATE_LABELS[s] })),
];

interface Filters {
  state: ApplicationState | 'all';
  periodYear?: number;
  empName: string;
  pageNum: number;
  pageSize: number;
}

/**
 * /apply-examine 申请审核 (92 unions): the member enterprises' submitted applications, waiting
 * ones first, with the detail, 审核通过, 退回 (reason required) and batch approval of the rows
 * selected. Filters stay while the tab lives.
 */
export default function ApplyExaminePage() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const periods = usePeriods();
  const [filters, setFilters] = useState<Filters>({ state: 'submitted', empName: '', pageNum: 1, pageSize: 10 });
  const [typed, setTyped] = useState('');
  const list = useExamineList({
    state: filters.state === 'all' ? undefined : filters.state,
    periodYear: filters.periodYear,
    empName: filters.empName || undefined,
    pageNum: filters.pageNum,
    pageSize: filters.pageSize,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [returning, setReturning] = useState<ApplicationItem | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: examineListKey });
    void client.invalidateQueries({ queryKey: examineDetailKey });
  };

  /**
   * 审核通过 asks first, as the batch approval does: the enterprise goes on to payment at once.
   * `done` runs once approved (the drawer closes: the decision is made, the list shows it).
   */
  const approveOne = (a: ApplicationItem, done?: () => void) =>
    modal.confirm({
      title: `审核通过 ${a.unitName} 的申请 ${a.no}？`,
      content: `共 ${a.headcount} 人，应缴 ${money(a.amountFen)}。通过后企业进入待缴费，并收到站内信通知。`,
      okText: '审核通过',
      onOk: async () => {
        setBusy(true);
        try {
          await approveApplication(a.id);
          message.success(`${a.unitName}的申请 ${a.no} 已审核通过`);
          setSelected((s) => s.filter((id) => id !== a.id));
          refresh();
          done?.();
        } catch {
          // shown by the request client
        } finally {
          setBusy(false);
        }
      },
    });

  const approveMany = () =>
    modal.confirm({
      title: `审核通过所选 ${selected.length} 条申请？`,
      content: '通过后各企业进入待缴费，并收到站内信通知。',
      okText: '审核通过',
      onOk: async () => {
        try {
          const result = await batchApprove(selected);
          setSelected([]);
          refresh();
          if (result.failed.length === 0) message.success(`已审核通过 ${result.approved} 条申请`);
          else
            modal.warning({
              title: `已审核通过 ${result.approved} 条，${result.failed.length} 条未通过`,
              width: 560,
              content: (
                <ul className="apply-skipped" data-testid="batch-failed">
                  {result.failed.map((f) => (
                    <li key={f.id}>
                      {f.no || `#${f.id}`}：{f.reason}
                    </li>
                  ))}
                </ul>
              ),
            });
        } catch {
          // shown by the request client
        }
      },
    });

  return (
    <div className="apply-page page-wide" data-testid="apply-examine-page">
      <Panel
        title="申请审核"
        extra={
          <GuardedButton type="primary" disabled={selected.length === 0} onClick={approveMany} data-testid="batch-approve">
            批量审核通过{selected.length ? `（${selected.length}）` : ''}
          </GuardedButton>
        }
      >
        <div className="apply-filters">
          <Select
            aria-label="状态"
            value={filters.state}
            style={{ width: 170 }}
            options={STATE_OPTIONS}
            onChange={(state) => {
              setSelected([]);
              setFilters((f) => ({ ...f, state, pageNum: 1 }));
            }}
            data-testid="examine-state"
          />
          <Select
            aria-label="互助期"
            allowClear
            placeholder="全部互助期"
            value={filters.periodYear}
            style={{ width: 160 }}
            options={(periods.data?.list ?? []).map((p) => ({ value: p.year, label: `${p.year}年度` }))}
            onChange={(periodYear) => setFilters((f) => ({ ...f, periodYear, pageNum: 1 }))}
          />
          <Input.Search
            placeholder="企业名称"
            allowClear
            maxLength={50}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => setFilters((f) => ({ ...f, empName: v.trim(), pageNum: 1 }))}
            enterButton="查询"
            style={{ width: 280 }}
            data-testid="examine-search"
          />
        </div>
        {list.isError && !list.data ? (
          <Result status="warning" title="待审核申请加载失败" extra={<Button onClick={() => void list.refetch()}>重新加载</Button>} />
        ) : (
          <Table<ApplicationItem>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            scroll={{ x: 'max-content' }}
            data-testid="examine-table"
            locale={{ emptyText: filters.state === 'submitted' ? '没有待审核的申请' : '暂无申请' }}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys as number[]),
              getCheckboxProps: (a) => ({ disabled: a.state !== 'submitted' }),
            }}
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
              { title: '企业名称', dataIndex: 'unitName', width: 200, ellipsis: true },
              { title: '互助期', dataIndex: 'periodYear', width: 90, render: (y: number) => `${y}年度` },
              { title: '类型', dataIndex: 'kindLabel', width: 70 },
              { title: '人数', dataIndex: 'headcount', width: 70, align: 'right' },
              { title: '应缴金额', dataIndex: 'amountFen', width: 120, align: 'right', render: money },
              // The detail has it; a 1366 px screen leaves it there (table-layout.ts).
              {
                title: '提交时间',
                dataIndex: 'submittedAt',
                width: 150,
                responsive: WIDE_SCREENS_ONLY,
                render: (v: string | null) => formatDateTime(v),
              },
              {
                title: '状态',
                dataIndex: 'state',
                width: 100,
                render: (_: unknown, a) => <StateTag state={a.state} label={a.stateLabel} />,
              },
              {
                title: '操作',
                key: 'actions',
                width: 160,
                fixed: 'right',
                render: (_: unknown, a) =>
                  a.state === 'submitted' ? (
                    <Space size={0} wrap>
                      <Button type="link" loading={busy} onClick={() => approveOne(a)}>
                        审核通过
                      </Button>
                      <Button type="link" danger onClick={() => setReturning(a)}>
                        退回
                      </Button>
                    </Space>
                  ) : (
                    <Button type="link" onClick={() => setOpenId(a.id)}>
                      查看
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Panel>
      <ExamineDrawer
        id={openId}
        busy={busy}
        onClose={() => setOpenId(null)}
        onApprove={(a) => approveOne(a, () => setOpenId(null))}
        onReturn={(a) => setReturning(a)}
      />
      <ReturnDialog
        target={returning}
        onClose={() => setReturning(null)}
        onReturned={(a) => {
          setReturning(null);
          setSelected((s) => s.filter((id) => id !== a.id));
          message.success(`已退回 ${a.no}`);
          refresh();
        }}
      />
    </div>
  );
}

function ExamineDrawer({
  id,
  busy,
  onClose,
  onApprove,
  onReturn,
}: {
  id: number | null;
  busy: boolean;
  onClose(): void;
  onApprove(a: ApplicationItem): void;
  onReturn(a: ApplicationItem): void;
}) {
  const [lineQuery, setLineQuery] = useState({ pageNum: 1, pageSize: 10, keyword: '' });
  const detail = useExamineDetail(id === null ? null : { id, ...lineQuery, keyword: lineQuery.keyword || undefined });
  const data = detail.data && detail.data.application.id === id ? detail.data : undefined;
  const a = data?.application;
  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setLineQuery({ pageNum: 1, pageSize: 10, keyword: '' });
        onClose();
      }}
      size={960}
      destroyOnHidden
      title={a ? `${a.unitName} · ${a.no}` : '申请详情'}
      extra={
        a?.canReview ? (
          <Space>
            <Button danger onClick={() => onReturn(a)}>
              退回
            </Button>
            <GuardedButton type="primary" loading={busy} onClick={() => onApprove(a)} data-testid="drawer-approve">
              审核通过
            </GuardedButton>
          </Space>
        ) : null
      }
    >
      {detail.isError && !data ? (
        <Result status="warning" title="申请详情加载失败" extra={<Button onClick={() => void detail.refetch()}>重新加载</Button>} />
      ) : !data ? (
        <div className="apply-loading">正在加载…</div>
      ) : (
        <ApplicationView
          detail={data}
          loading={detail.isFetching}
          onLinePage={(pageNum, pageSize) => setLineQuery((q) => ({ ...q, pageNum, pageSize }))}
          onKeyword={(keyword) => setLineQuery((q) => ({ ...q, keyword, pageNum: 1 }))}
        />
      )}
    </Drawer>
  );
}

function ReturnDialog({
  target,
  onClose,
  onReturned,
}: {
  target: ApplicationItem | null;
  onClose(): void;
  onReturned(a: ApplicationItem): void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!target) return;
    if (!reason.trim()) return setProblem('请输入退回原因');
    setBusy(true);
    try {
      await returnApplication(target.id, reason.trim());
      setReason('');
      setProblem('');
      onReturned(target);
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={target !== null}
      title={target ? `退回 ${target.unitName} 的申请 ${target.no}` : '退回申请'}
      onCancel={() => {
        setProblem('');
        onClose();
      }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <GuardedButton key="ok" danger type="primary" loading={busy} onClick={submit} data-testid="return-submit">
          退回
        </GuardedButton>,
      ]}
    >
      <p>退回后企业可修改人员明细并重新提交，退回原因会通过站内信告知企业。</p>
      <Input.TextArea
        rows={4}
        maxLength={200}
        showCount
        placeholder="请输入退回原因（必填）"
        value={reason}
        status={problem ? 'error' : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          if (e.target.value.trim()) setProblem('');
        }}
        aria-label="退回原因"
        data-testid="return-reason-input"
      />
      {problem ? (
        <div className="apply-error" role="alert">
          {problem}
        </div>
      ) : null}
    </Modal>
  );
}
