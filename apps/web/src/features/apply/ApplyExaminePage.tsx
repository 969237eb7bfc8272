import { useState } from 'react';
import { App, Input, Select } from 'antd';
import type { ApplicationItem } from '@hall/shared/contracts/enrolment.ts';
import { APPLICATION_STATE_LABELS, type ApplicationState } from '@hall/shared/enrolment/index.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { confirmApproval, ReturnReasonDialog } from '../../components/ReviewFooter';
import { useApproveApplication, useBatchApprove, useReturnApplication } from './api/examine-decide';
import { useExamineList } from './api/examine-list';
import { usePeriods } from './api/periods';
import { ExamineDrawer } from './components/ExamineDrawer';
import { ExamineTable } from './components/ExamineTable';
import { money } from './components/labels';
import './apply.css';
import { listPaging } from '../../lib/pagination';

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
  const approve = useApproveApplication();
  const giveBack = useReturnApplication();
  const approveBatch = useBatchApprove();
  const unselect = (a: ApplicationItem) => setSelected((s) => s.filter((id) => id !== a.id));

  /**
   * 审核通过 asks first, as the batch approval does: the enterprise goes on to payment at once.
   * `done` runs once approved (the drawer closes: the decision is made, the list shows it).
   */
  const approveOne = (a: ApplicationItem, done?: () => void) =>
    confirmApproval(
      modal,
      `审核通过 ${a.unitName} 的申请 ${a.no}？`,
      `共 ${a.headcount} 人，应缴 ${money(a.amountFen)}。通过后企业进入待缴费，并收到站内信通知。`,
      () =>
        approve.mutateAsync(a.id).then(() => {
          message.success(`${a.unitName}的申请 ${a.no} 已审核通过`);
          unselect(a);
          done?.();
        }),
    );

  const approveMany = () =>
    modal.confirm({
      title: `审核通过所选 ${selected.length} 条申请？`,
      content: '通过后各企业进入待缴费，并收到站内信通知。',
      okText: '审核通过',
      onOk: async () => {
        try {
          const result = await approveBatch.mutateAsync(selected);
          setSelected([]);
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
          <LoadFailed title="待审核申请加载失败" retry={() => void list.refetch()} />
        ) : (
          <ExamineTable
            rows={list.data?.list ?? []}
            loading={list.isFetching}
            empty={filters.state === 'submitted' ? '没有待审核的申请' : '暂无申请'}
            selected={selected}
            onSelect={setSelected}
            pagination={listPaging(list.data, filters, (pageNum, pageSize) => setFilters((f) => ({ ...f, pageNum, pageSize })))}
            busy={approve.isPending}
            onOpen={(a) => setOpenId(a.id)}
            onApprove={(a) => approveOne(a)}
            onReturn={setReturning}
          />
        )}
      </Panel>
      <ExamineDrawer
        id={openId}
        busy={approve.isPending}
        onClose={() => setOpenId(null)}
        onApprove={(a) => approveOne(a, () => setOpenId(null))}
        onReturn={setReturning}
      />
      <ReturnReasonDialog
        target={returning}
        giveBack={giveBack}
        title={returning ? `退回 ${returning.unitName} 的申请 ${returning.no}` : '退回申请'}
        intro="退回后企业可修改人员明细并重新提交，退回原因会通过站内信告知企业。"
        placeholder="请输入退回原因（必填）"
        missing="请输入退回原因"
        okText="退回"
        testIds={{ reason: 'return-reason-input', submit: 'return-submit' }}
        onClose={() => setReturning(null)}
        onReturned={(a) => {
          setReturning(null);
          unselect(a);
          message.success(`已退回 ${a.no}`);
        }}
      />
    </div>
  );
}
