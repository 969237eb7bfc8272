import { useState } from 'react';
import { Button, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import '../../../lib/dayjs-zh';
import { CLAIM_STATE_LABELS, CLAIM_TYPE_LABELS, type ClaimState, type ClaimType } from '@hall/shared/benefits/index.ts';
import { LoadFailed } from '../../../components/LoadFailed';
import { ChoiceFilter, FilterBar, TextFilter, filterText } from '../../../components/FilterBar';
import { GuardedButton } from '../../../components/GuardedButton';
import { Panel } from '../../../components/Panel';
import { EvaluationAction } from '../../../components/evaluation/EvaluationAction';
import { useEvaluations } from '../../../lib/evaluation';
import { listPaging } from '../../../lib/pagination';
import { type ClaimFilterInput, exportClaims } from '../api/claim-export';
import { useClaimList } from '../api/claim-list';
import type { FilerRole } from '../api/roles';
import { ClaimDrawer } from './ClaimReview';
import { ClaimTable } from './ClaimTable';

const TYPE_OPTIONS = (Object.keys(CLAIM_TYPE_LABELS) as ClaimType[]).map((t) => ({ value: t, label: CLAIM_TYPE_LABELS[t] }));
const STATE_OPTIONS = (Object.keys(CLAIM_STATE_LABELS) as ClaimState[]).map((s) => ({ value: s, label: CLAIM_STATE_LABELS[s] }));
const thisYear = new Date().getFullYear();
const YEAR_OPTIONS = [0, 1, 2, 3].map((n) => ({ value: thisYear - n, label: `${thisYear - n}年度` }));

/** The bar's values: the filter, with the application dates as one range. */
type FilterValues = Omit<ClaimFilterInput, 'dateFrom' | 'dateTo'> & { dates?: [Dayjs, Dayjs] | null };

const toFilter = (v: FilterValues): ClaimFilterInput => ({
  name: filterText(v.name),
  certNo: filterText(v.certNo),
  type: v.type,
  state: v.state,
  periodYear: v.periodYear,
  dateFrom: v.dates?.[0].format('YYYY-MM-DD'),
  dateTo: v.dates?.[1].format('YYYY-MM-DD'),
});

/**
 * 补助记录查询: the unit's claims (its own filings and its workers' submitted ones) or the worker's
 * own, filtered, with the detail (attachments, history) and, for the unit, the Excel export.
 * The filters stay while the tab lives (keep-alive).
 */
export function RecordQuery({ filer }: { filer: FilerRole }) {
  const [form] = Form.useForm<FilterValues>();
  const [query, setQuery] = useState<ClaimFilterInput>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useClaimList(filer, { ...query, ...page });
  const search = (values: FilterValues) => {
    setQuery(toFilter(values));
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
      <FilterBar form={form} onSearch={search}>
        {filer === 'unit' ? (
          <>
            <TextFilter name="name" placeholder="姓名" maxLength={30} style={{ width: 140 }} aria-label="姓名" />
            <TextFilter name="certNo" placeholder="身份证号码" maxLength={18} style={{ width: 200 }} aria-label="身份证号码" />
          </>
        ) : null}
        <ChoiceFilter name="type" placeholder="补助类型" options={TYPE_OPTIONS} style={{ width: 170 }} aria-label="补助类型" />
        <ChoiceFilter name="state" placeholder="状态" options={STATE_OPTIONS} style={{ width: 130 }} aria-label="状态" />
        <ChoiceFilter name="periodYear" placeholder="互助年度" options={YEAR_OPTIONS} style={{ width: 130 }} aria-label="互助年度" />
        {filer === 'unit' ? (
          <Form.Item name="dates">
            <DatePicker.RangePicker placeholder={['申请开始日期', '申请结束日期']} />
          </Form.Item>
        ) : null}
      </FilterBar>
      {list.isError && !list.data ? (
        <LoadFailed title="补助记录加载失败" retry={() => void list.refetch()} />
      ) : (
        <ClaimTable
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          showPerson={filer === 'unit'}
          testId="claim-record-table"
          empty="没有符合条件的补助记录"
          pagination={listPaging(list.data, page, (pageNum, pageSize) => setPage({ pageNum, pageSize }))}
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
