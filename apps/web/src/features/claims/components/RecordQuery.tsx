import { useState } from 'react';
import { Button, DatePicker, Input, Result, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import '../../../lib/dayjs-zh';
import { CLAIM_STATE_LABELS, CLAIM_TYPE_LABELS, type ClaimState, type ClaimType } from '@hall/shared/benefits/index.ts';
import { GuardedButton } from '../../../components/GuardedButton';
import { Panel } from '../../../components/Panel';
import { EvaluationAction } from '../../../components/evaluation/EvaluationAction';
import { useEvaluations } from '../../../lib/evaluation';
import { serverPaging } from '../../../lib/pagination';
import { exportClaims } from '../api/claim-export';
import { useClaimList } from '../api/claim-list';
import type { FilerRole } from '../api/roles';
import { ClaimDrawer } from './ClaimReview';
import { ClaimTable } from './ClaimTable';

const TYPE_OPTIONS = (Object.keys(CLAIM_TYPE_LABELS) as ClaimType[]).map((t) => ({ value: t, label: CLAIM_TYPE_LABELS[t] }));
const STATE_OPTIONS = (Object.keys(CLAIM_STATE_LABELS) as ClaimState[]).map((s) => ({ value: s, label: CLAIM_STATE_LABELS[s] }));
const thisYear = new Date().getFullYear();
const YEAR_OPTIONS = [0, 1, 2, 3].map((n) => ({ value: thisYear - n, label: `${thisYear - n}年度` }));

interface Filters {
  name: string;
  certNo: string;
  type?: ClaimType;
  state?: ClaimState;
  periodYear?: number;
  dates: [Dayjs, Dayjs] | null;
}
const EMPTY: Filters = { name: '', certNo: '', dates: null };

/**
 * 补助记录查询: the unit's claims (its own filings and its workers' submitted ones) or the worker's
 * own, filtered, with the detail (attachments, history) and, for the unit, the Excel export.
 * The filters stay while the tab lives (keep-alive).
 */
export function RecordQuery({ filer }: { filer: FilerRole }) {
  const [typed, setTyped] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [openId, setOpenId] = useState<number | null>(null);
  const query = {
    name: filters.name || undefined,
    certNo: filters.certNo || undefined,
    type: filters.type,
    state: filters.state,
    periodYear: filters.periodYear,
    dateFrom: filters.dates?.[0].format('YYYY-MM-DD'),
    dateTo: filters.dates?.[1].format('YYYY-MM-DD'),
  };
  const list = useClaimList(filer, { ...query, ...page });
  const apply = () => {
    setFilters(typed);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  // 好差评 (flag evaluation): a worker rates their paid claims (已发放) here, once.
  const rated = useEvaluations('claim', filer === 'personal' ? (list.data?.list ?? []).map((c) => String(c.id)) : []);
  const showRating = filer === 'personal' && rated.on;
  return (
    <Panel
      title="补助记录查询"
      extra={
        filer === 'unit' ? (
          <GuardedButton onClick={() => exportClaims(query)} data-testid="claim-export">
            导出Excel
          </GuardedButton>
        ) : null
      }
    >
      <div className="claim-filters">
        {filer === 'unit' ? (
          <>
            <Input
              placeholder="姓名"
              allowClear
              maxLength={30}
              value={typed.name}
              onChange={(e) => setTyped((t) => ({ ...t, name: e.target.value }))}
              style={{ width: 140 }}
              aria-label="姓名"
            />
            <Input
              placeholder="身份证号码"
              allowClear
              maxLength={18}
              value={typed.certNo}
              onChange={(e) => setTyped((t) => ({ ...t, certNo: e.target.value }))}
              style={{ width: 200 }}
              aria-label="身份证号码"
            />
          </>
        ) : null}
        <Select
          allowClear
          placeholder="补助类型"
          options={TYPE_OPTIONS}
          value={typed.type}
          onChange={(type) => setTyped((t) => ({ ...t, type }))}
          style={{ width: 170 }}
          aria-label="补助类型"
        />
        <Select
          allowClear
          placeholder="状态"
          options={STATE_OPTIONS}
          value={typed.state}
          onChange={(state) => setTyped((t) => ({ ...t, state }))}
          style={{ width: 130 }}
          aria-label="状态"
          data-testid="claim-filter-state"
        />
        <Select
          allowClear
          placeholder="互助年度"
          options={YEAR_OPTIONS}
          value={typed.periodYear}
          onChange={(periodYear) => setTyped((t) => ({ ...t, periodYear }))}
          style={{ width: 130 }}
          aria-label="互助年度"
        />
        {filer === 'unit' ? (
          <DatePicker.RangePicker
            placeholder={['申请开始日期', '申请结束日期']}
            value={typed.dates}
            onChange={(dates) => setTyped((t) => ({ ...t, dates: dates?.[0] && dates[1] ? [dates[0], dates[1]] : null }))}
          />
        ) : null}
        <Button type="primary" onClick={apply} data-testid="claim-search">
          查询
        </Button>
        <Button
          onClick={() => {
            setTyped(EMPTY);
            setFilters(EMPTY);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          重置
        </Button>
      </div>
      {list.isError && !list.data ? (
        <Result status="warning" title="补助记录加载失败" extra={<Button onClick={() => void list.refetch()}>重新加载</Button>} />
      ) : (
        <ClaimTable
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          showPerson={filer === 'unit'}
          testId="claim-record-table"
          empty="没有符合条件的补助记录"
          pagination={serverPaging({
            ...page,
            total: list.data?.totlCnt ?? 0,
            capped: list.data?.totlCntCapped === true,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          })}
          onOpen={(c) => setOpenId(c.id)}
          actions={
            showRating
              ? (c) => (
                  <Space size={0} wrap>
                    <Button type="link" size="small" onClick={() => setOpenId(c.id)}>
                      查看
                    </Button>
                    <EvaluationAction
                      kind="claim"
                      id={String(c.id)}
                      no={c.claimNo}
                      finished={c.state === 'paid'}
                      evaluation={rated.byId.get(String(c.id))}
                    />
                  </Space>
                )
              : undefined
          }
        />
      )}
      <ClaimDrawer viewer={filer} id={openId} onClose={() => setOpenId(null)} />
    </Panel>
  );
}
