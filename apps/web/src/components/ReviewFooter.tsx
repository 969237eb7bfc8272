import { useState } from 'react';
import { type App, Button, Input, Modal, Space } from 'antd';
import { GuardedButton } from './GuardedButton';
import './components.css';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/**
 * The review kit: what an application or a claim waiting for its reviewer offers, in the list
 * (ReviewRowActions), in the detail drawer (ReviewFooter) and the reason dialog 退回 opens
 * (ReturnReasonDialog). 审核通过 asks first (confirmApproval): the next stage starts at once.
 */

/** 审核通过 and 退回 of a row waiting for review; 查看 for any other row when `onView` is given. */
export function ReviewRowActions({
  waiting,
  busy,
  onApprove,
  onReturn,
  onView,
}: {
  waiting: boolean;
  busy?: boolean;
  onApprove(): void;
  onReturn(): void;
  onView?(): void;
}) {
  if (!waiting)
    return onView ? (
      <Button type="link" onClick={onView}>
        查看
      </Button>
    ) : null;
  return (
    <Space size={0} wrap>
      <Button type="link" loading={busy} onClick={onApprove}>
        审核通过
      </Button>
      <Button type="link" danger onClick={onReturn}>
        退回
      </Button>
    </Space>
  );
}

/** The detail drawer's footer (its `extra`): the return dialog's opener and 审核通过. */
export function ReviewFooter({
  returnLabel,
  busy,
  onApprove,
  onReturn,
}: {
  returnLabel: string;
  busy?: boolean;
  onApprove(): void;
  onReturn(): void;
}) {
  return (
    <Space>
      <Button danger onClick={onReturn} data-testid="drawer-return">
        {returnLabel}
      </Button>
      <GuardedButton type="primary" loading={busy} onClick={onApprove} data-testid="drawer-approve">
        审核通过
      </GuardedButton>
    </Space>
  );
}

/** The confirmation before 审核通过 (`onOk` settles: a refusal was shown, the dialog closes). */
export const confirmApproval = (modal: ModalApi, title: string, content: string, onOk: () => Promise<unknown>) =>
  modal.confirm({ title, content, okText: '审核通过', onOk: () => onOk().catch(() => undefined) });

/**
 * 退回 with its reason: required, and it reaches the filer by mail. Open while there is a
 * `target`; once returned the reason clears and `onReturned` closes it; a refusal was shown by
 * the request client and the reason stays typed.
 */
export function ReturnReasonDialog<T extends { id: number }>({
  target,
  giveBack,
  title,
  intro,
  placeholder,
  missing,
  okText,
  testIds,
  onReturned,
  onClose,
}: {
  target: T | null;
  /** The 退回 mutation (useChange): its isPending drives the button. */
  giveBack: { isPending: boolean; mutateAsync(input: { id: number; reason: string }): Promise<unknown> };
  title: string;
  intro: string;
  placeholder: string;
  /** The message under an empty reason. */
  missing: string;
  okText: string;
  testIds: { reason: string; submit: string };
  onReturned(target: T): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const clear = () => {
    setReason('');
    setProblem('');
  };
  const close = () => {
    clear();
    onClose();
  };
  const submit = () => {
    if (!reason.trim()) return setProblem(missing);
    const returned = target!;
    giveBack.mutateAsync({ id: returned.id, reason: reason.trim() }).then(
      () => {
        onReturned(returned);
        clear();
      },
      () => undefined,
    );
  };
  return (
    <Modal
      open={target !== null}
      title={title}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <GuardedButton key="ok" danger type="primary" loading={giveBack.isPending} onClick={submit} data-testid={testIds.submit}>
          {okText}
        </GuardedButton>,
      ]}
    >
      <p>{intro}</p>
      <Input.TextArea
        rows={4}
        maxLength={200}
        showCount
        placeholder={placeholder}
        value={reason}
        status={problem ? 'error' : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          if (e.target.value.trim()) setProblem('');
        }}
        aria-label="退回原因"
        data-testid={testIds.reason}
      />
      {problem ? (
        <div className="review-error" role="alert">
          {problem}
        </div>
      ) : null}
    </Modal>
  );
}
