import { useState } from 'react';
import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import { QueuePage, useQueueView } from '../../components/QueuePage';
import { ReasonDialog } from '../../components/ReasonDialog';
import { useMayCall } from '../../lib/operator-may';
import { useApproveClaim, useRefuseClaim, useReturnClaim } from './api/claim-decide';
import { useClaimDetail } from './api/claim-detail';
import { useClaims } from './api/claim-list';
import { ApproveDialog } from './components/ApproveDialog';
import { ClaimDrawer } from './components/ClaimDrawer';
import { ClaimTable } from './components/ClaimTable';
import { STATE_OPTIONS } from './components/labels';
import './claims.css';

/**
 * 补助审核: the claims by state and the open claim (both in the URL: ?state=…&open=<id>, so the
 * search box and a pasted link land on a claim), the drawer with the attachments inline, and the
 * city union's decisions. The auditor reads the same page without the decisions.
 */
export default function ClaimsPage() {
  const view = useQueueView(STATE_OPTIONS, 'city_review');
  const list = useClaims(view.state);
  const detail = useClaimDetail(view.open);
  const approve = useApproveClaim();
  const returnClaim = useReturnClaim();
  const refuse = useRefuseClaim();
  const [dialog, setDialog] = useState<'approve' | 'return' | 'refuse' | null>(null);
  const mayDecide = useMayCall(opsClaimCalls.opsClaimApprove);
  const claim = detail.data?.claim;

  const decided = () => {
    setDialog(null);
    view.show({ open: null });
  };

  return (
    <QueuePage
      title="补助审核"
      testId="claim"
      states={STATE_OPTIONS}
      view={view}
      what="补助申请"
      list={list}
      table={<ClaimTable rows={list.data ?? []} loading={list.isFetching} onView={(row) => view.show({ open: row.id })} />}
    >
      <ClaimDrawer
        open={view.open !== null}
        detail={detail.data}
        error={detail.isError ? detail.error : null}
        mayDecide={mayDecide}
        onClose={() => view.show({ open: null })}
        onApprove={() => setDialog('approve')}
        onReturn={() => setDialog('return')}
        onRefuse={() => setDialog('refuse')}
      />
      <ApproveDialog
        detail={detail.data ?? null}
        open={dialog === 'approve'}
        pending={approve.isPending}
        onCancel={() => setDialog(null)}
        onApprove={(approval) => approve.mutateAsync(approval).then(decided)}
      />
      <ReasonDialog
        title={dialog === 'return' ? `退回补正：${claim?.claimNo ?? ''}` : null}
        label="需补正的内容"
        extra="申请人将看到这段话，请写明需补充或更正的材料"
        okText="确认退回"
        pending={returnClaim.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(reason) => returnClaim.mutateAsync({ claim: claim?.id ?? 0, reason }).then(decided)}
      />
      <ReasonDialog
        title={dialog === 'refuse' ? `不予补助：${claim?.claimNo ?? ''}` : null}
        danger
        label="不予补助的原因"
        extra="不予补助后不能撤回"
        okText="确认不予补助"
        pending={refuse.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(reason) => refuse.mutateAsync({ claim: claim?.id ?? 0, reason }).then(decided)}
      />
    </QueuePage>
  );
}
