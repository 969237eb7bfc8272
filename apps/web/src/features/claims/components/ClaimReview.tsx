import { App, Drawer } from 'antd';
import { LoadFailed } from '../../../components/LoadFailed';
import { confirmApproval, ReturnReasonDialog, ReviewFooter } from '../../../components/ReviewFooter';
import { useClaimDetail, type ViewerRole } from '../api/claim-detail';
import type { ClaimItem } from '../api/claim-list';
import { type ReviewerRole, useApproveClaim, useReturnClaim } from '../api/claim-review';
import { ClaimView } from './ClaimView';

type Reviewed = Pick<ClaimItem, 'id' | 'claimNo' | 'personName'>;

/** The claim's detail in a drawer; a reviewer (the unit, the 92 union) approves or returns it from there. */
export function ClaimDrawer({
  viewer,
  id,
  onClose,
  onReturn,
}: {
  viewer: ViewerRole;
  id: number | null;
  onClose(): void;
  /** Opens the return dialog (reviewers only). */
  onReturn?(c: Reviewed): void;
}) {
  const detail = useClaimDetail(viewer, id);
  const data = detail.data && detail.data.claim.id === id ? detail.data : undefined;
  const c = data?.claim;
  const approve = useApprove(viewer === 'personal' ? 'unit' : viewer);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={880}
      destroyOnHidden
      title={c ? `${c.personName} · ${c.typeLabel} · ${c.claimNo}` : '补助申请详情'}
      extra={
        c?.canReview && onReturn && viewer !== 'personal' ? (
          <ReviewFooter returnLabel="退回补正" onApprove={() => approve(c, onClose)} onReturn={() => onReturn(c)} />
        ) : null
      }
    >
      {detail.isError && !data ? (
        <LoadFailed title="补助申请详情加载失败" retry={() => void detail.refetch()} />
      ) : !data ? (
        <div className="claim-loading">正在加载…</div>
      ) : (
        <ClaimView detail={data} />
      )}
    </Drawer>
  );
}

/** What 审核通过 leads to, said in its confirmation. */
const APPROVE_NEXT: Record<ReviewerRole, string> = {
  unit: '通过后转上级工会或市总工会审核，不能撤回；申请人会收到站内信。',
  union: '通过后转市总工会审核，不能撤回；申请人会收到站内信。',
};

/**
 * Approves a claim as the reviewer once the reviewer confirms (as 通知申报 and 解除授权 ask), with
 * its message and the lists refreshed. `after` runs once approved (the drawer closes: the decision
 * is made, the list shows it).
 */
export function useApprove(reviewer: ReviewerRole) {
  const { message, modal } = App.useApp();
  const approve = useApproveClaim(reviewer);
  return (c: Reviewed, after?: () => void) =>
    confirmApproval(modal, `审核通过 ${c.personName} 的补助申请 ${c.claimNo}？`, APPROVE_NEXT[reviewer], () =>
      approve.mutateAsync(c.id).then((done) => {
        message.success(`${c.personName}的补助申请 ${c.claimNo} 已审核通过，转入${done.claim.stateLabel}`);
        after?.();
      }),
    );
}

/** 退回补正: the reason (what to fix) is required and reaches the filer by mail. */
export function ReturnDialog({ filer, target, onClose }: { filer: ReviewerRole; target: Reviewed | null; onClose(): void }) {
  const { message } = App.useApp();
  const giveBack = useReturnClaim(filer);
  return (
    <ReturnReasonDialog
      target={target}
      giveBack={giveBack}
      title={target ? `退回 ${target.personName} 的补助申请 ${target.claimNo}` : '退回补正'}
      intro="退回后申请人可修改申请或补充材料并重新提交，退回原因会通过站内信告知申请人。"
      placeholder="请写明需补正的内容（必填）"
      missing="请写明需补正的内容"
      okText="退回补正"
      testIds={{ reason: 'claim-return-reason', submit: 'claim-return-submit' }}
      onClose={onClose}
      onReturned={(c) => {
        message.success(`已退回 ${c.claimNo}`);
        onClose();
      }}
    />
  );
}
