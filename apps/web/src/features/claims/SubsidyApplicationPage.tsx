import { useState } from 'react';
import { Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { Panel } from '../../components/Panel';
import { ReviewRowActions } from '../../components/ReviewFooter';
import { UnitBusinessBar } from '../../components/UnitBusinessBar';
import { useUnitReadOnly } from '../../lib/user-info';
import { listPaging } from '../../lib/pagination';
import { useClaimList } from './api/claim-list';
import { ClaimDrawer, ReturnDialog, useApprove } from './components/ClaimReview';
import { ClaimTable } from './components/ClaimTable';
import { FilerHome } from './components/FilerHome';
import type { ClaimItem } from './api/claim-list';
import './claims.css';

/**
 * /subsidy-application 补助申请 (unit): a claim for a covered member of the roster (new, drafts,
 * returned), and 职工申请审核: the workers' own claims waiting for the unit's review.
 */
export default function SubsidyApplicationPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'review' ? 'review' : 'apply';
  return (
    <div className="claims-page page-wide" data-testid="subsidy-application-page">
      <UnitBusinessBar />
      <Segmented
        className="claims-switch"
        value={tab}
        onChange={(key) => setParams(key === 'review' ? { tab: 'review' } : {}, { replace: true })}
        options={[
          { value: 'apply', label: '补助申请' },
          { value: 'review', label: '职工申请审核' },
        ]}
        data-testid="claims-switch"
      />
      {tab === 'review' ? <UnitReview /> : <FilerHome filer="unit" />}
    </div>
  );
}

/** The workers' claims waiting for this unit (单位审核): view with attachments, approve, return. */
function UnitReview() {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const list = useClaimList('unit', { filedBy: 'personal', state: 'unit_review', ...page });
  const [openId, setOpenId] = useState<number | null>(null);
  const [returning, setReturning] = useState<ClaimItem | null>(null);
  const approve = useApprove('unit');
  const readOnly = useUnitReadOnly();
  return (
    <Panel title="职工申请审核">
      <p className="claim-hint">职工本人提交的补助申请，经单位审核通过后转上级工会或市总工会审核；材料不全或有误的请退回补正。</p>
      <ClaimTable
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        testId="claim-review-table"
        empty="没有待单位审核的职工补助申请"
        pagination={listPaging(list.data, page, (pageNum, pageSize) => setPage({ pageNum, pageSize }))}
        onOpen={(c) => setOpenId(c.id)}
        actions={(c) => (readOnly ? null : <ReviewRowActions waiting onApprove={() => approve(c)} onReturn={() => setReturning(c)} />)}
      />
      <ClaimDrawer viewer="unit" id={openId} onClose={() => setOpenId(null)} onReturn={(c) => setReturning(c as ClaimItem)} />
      <ReturnDialog filer="unit" target={returning} onClose={() => setReturning(null)} />
    </Panel>
  );
}
