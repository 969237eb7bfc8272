import { useState } from 'react';
import { Input, Select } from 'antd';
import { CLAIM_STATE_LABELS, type ClaimState } from '@hall/shared/benefits/index.ts';
import { Panel } from '../../../components/Panel';
import { ReviewRowActions } from '../../../components/ReviewFooter';
import { listPaging } from '../../../lib/pagination';
import type { ClaimItem } from '../api/claim-list';
import { useUnionClaims } from '../api/claim-union-list';
import { ClaimDrawer, ReturnDialog, useApprove } from './ClaimReview';
import { ClaimTable } from './ClaimTable';
import '../claims.css';

const STATES: ClaimState[] = ['union_review', 'city_review', 'approved', 'paid', 'returned', 'refused'];

/**
 * 补助审核 on /apply-examine (92 unions): the member enterprises' claims waiting for the union
 * (oldest first), with the detail and attachments, 审核通过 (on to the city union) and 退回补正.
 */
export function ClaimExaminePanel() {
  const [state, setState] = useState<ClaimState>('union_review');
  const [empName, setEmpName] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const list = useUnionClaims({ state, empName: empName || undefined, ...page });
  const [openId, setOpenId] = useState<number | null>(null);
  const [returning, setReturning] = useState<ClaimItem | null>(null);
  const approve = useApprove('union');
  return (
    <Panel title="补助审核" testId="claim-examine-panel">
      <div className="claim-filters">
        <Select
          aria-label="状态"
          value={state}
          style={{ width: 170 }}
          options={STATES.map((s) => ({ value: s, label: s === 'union_review' ? '待审核（工会审核）' : CLAIM_STATE_LABELS[s] }))}
          onChange={(s) => {
            setState(s);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <Input.Search
          placeholder="企业名称"
          allowClear
          maxLength={50}
          enterButton="查询"
          style={{ width: 280 }}
          onSearch={(v) => {
            setEmpName(v.trim());
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </div>
      <ClaimTable
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        testId="claim-examine-table"
        empty={state === 'union_review' ? '没有待审核的补助申请' : '暂无补助申请'}
        pagination={listPaging(list.data, page, (pageNum, pageSize) => setPage({ pageNum, pageSize }))}
        onOpen={(c) => setOpenId(c.id)}
        actions={(c) => (
          <ReviewRowActions
            waiting={c.state === 'union_review'}
            onApprove={() => approve(c)}
            onReturn={() => setReturning(c)}
            onView={() => setOpenId(c.id)}
          />
        )}
      />
      <ClaimDrawer viewer="union" id={openId} onClose={() => setOpenId(null)} onReturn={(c) => setReturning(c as ClaimItem)} />
      <ReturnDialog filer="union" target={returning} onClose={() => setReturning(null)} />
    </Panel>
  );
}
