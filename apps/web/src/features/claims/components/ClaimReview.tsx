import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Input, Modal, Result, Space } from 'antd';
import { GuardedButton } from '../../../components/GuardedButton';
import { claimDetailKey, useClaimDetail, type ViewerRole } from '../api/claim-detail';
import { claimListKey, type ClaimItem } from '../api/claim-list';
import { approveClaim, returnClaim, type ReviewerRole } from '../api/claim-review';
import { unionClaimsKey } from '../api/claim-union-list';
import { ClaimView } from './ClaimView';

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
  onReturn?(c: Pick<ClaimItem, 'id' | 'claimNo' | 'personName'>): void;
}) {
  const detail = useClaimDetail(viewer, id);
  const data = detail.data && detail.data.claim.id === id ? detail.data : undefined;
  const c = data?.claim;
  const approve = useApprove(viewer === 'personal' ? null : viewer);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={880}
      destroyOnHidden
      title={c ? `${c.personName} · ${c.typeLabel} · ${c.claimNo}` : '补助申请详情'}
      extra={
        c?.canReview && onReturn ? (
          <Space>
            <Button danger onClick={() => onReturn(c)} data-testid="drawer-return">
              退回补正
            </Button>
            <GuardedButton type="primary" onClick={() => approve(c, onClose)} data-testid="drawer-approve">
              审核通过
            </GuardedButton>
          </Space>
        ) : null
      }
    >
      {detail.isError && !data ? (
        <Result status="warning" title="补助申请详情加载失败" extra={<Button onClick={() => void detail.refetch()}>重新加载</Button>} />
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
 * its message and the lists refreshed.
 */
export function useApprove(filer: ReviewerRole | null) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const approve = async (reviewer: ReviewerRole, c: Pick<ClaimItem, 'id' | 'claimNo' | 'personName'>, after?: () => void) => {
    try {
      const done = await approveClaim(reviewer, c.id);
      message.success(`${c.personName}的补助申请 ${c.claimNo} 已审核通过，转入${done.claim.stateLabel}`);
      for (const key of [claimListKey, claimDetailKey, unionClaimsKey]) void client.invalidateQueries({ queryKey: key });
      after?.();
    } catch {
      // shown by the request client
    }
  };
  /** `after` runs once approved (the drawer closes: the decision is made, the list shows it). */
  return (c: Pick<ClaimItem, 'id' | 'claimNo' | 'personName'>, after?: () => void) => {
    if (!filer) return;
    modal.confirm({
      title: `审核通过 ${c.personName} 的补助申请 ${c.claimNo}？`,
      content: APPROVE_NEXT[filer],
      okText: '审核通过',
      onOk: () => approve(filer, c, after),
    });
  };
}

/** 退回补正: the reason (what to fix) is required and reaches the filer by mail. */
export function ReturnDialog({
  filer,
  target,
  onClose,
}: {
  filer: ReviewerRole;
  target: Pick<ClaimItem, 'id' | 'claimNo' | 'personName'> | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setProblem('');
    onClose();
  };
  const submit = async () => {
    if (!target) return;
    if (!reason.trim()) return setProblem('请写明需补正的内容');
    setBusy(true);
    try {
      await returnClaim(filer, target.id, reason.trim());
      message.success(`已退回 ${target.claimNo}`);
      for (const key of [claimListKey, claimDetailKey, unionClaimsKey]) void client.invalidateQueries({ queryKey: key });
      close();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={target !== null}
      title={target ? `退回 ${target.personName} 的补助申请 ${target.claimNo}` : '退回补正'}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <GuardedButton key="ok" danger type="primary" loading={busy} onClick={submit} data-testid="claim-return-submit">
          退回补正
        </GuardedButton>,
      ]}
    >
      <p>退回后申请人可修改申请或补充材料并重新提交，退回原因会通过站内信告知申请人。</p>
      <Input.TextArea
        rows={4}
        maxLength={200}
        showCount
        placeholder="请写明需补正的内容（必填）"
        value={reason}
        status={problem ? 'error' : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          if (e.target.value.trim()) setProblem('');
        }}
        aria-label="退回原因"
        data-testid="claim-return-reason"
      />
      {problem ? (
        <div className="claim-error" role="alert">
          {problem}
        </div>
      ) : null}
    </Modal>
  );
}
