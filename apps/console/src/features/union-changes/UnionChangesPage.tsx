import { useState } from 'react';
import { unionCalls } from '@hall/shared/contracts/union.ts';
import { QueuePage, useQueueView } from '../../components/QueuePage';
import { ReasonDialog } from '../../components/ReasonDialog';
import { useMayCall } from '../../lib/operator-may';
import { useApproveUnionChange, useRejectUnionChange } from './api/union-change-decide';
import { useUnionChange } from './api/union-change-detail';
import { useUnionChanges } from './api/union-change-list';
import { ApproveNoteDialog } from './components/ApproveNoteDialog';
import { STATE_OPTIONS } from './components/labels';
import { UnionChangeDrawer } from './components/UnionChangeDrawer';
import { UnionChangeTable } from './components/UnionChangeTable';
import './union-changes.css';

/** 工会信息变更审核: the changes by state and the open one in the URL, before/after per field, approve or reject. */
export default function UnionChangesPage() {
  const view = useQueueView(STATE_OPTIONS, 'pending');
  const openId = Number(view.open) || null;
  const list = useUnionChanges(view.state);
  const detail = useUnionChange(openId);
  const approve = useApproveUnionChange();
  const reject = useRejectUnionChange();
  const mayDecide = useMayCall(unionCalls.opsUnionChangeApprove);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const change = detail.data;

  const decided = () => {
    setDialog(null);
    view.show({ open: null });
  };

  return (
    <QueuePage
      title="工会信息变更审核"
      testId="change"
      states={STATE_OPTIONS}
      view={view}
      what="工会信息变更"
      list={list}
      table={<UnionChangeTable rows={list.data ?? []} loading={list.isFetching} onView={(row) => view.show({ open: row.id })} />}
    >
      <UnionChangeDrawer
        open={openId !== null}
        change={change}
        error={detail.isError ? detail.error : null}
        mayDecide={mayDecide}
        onClose={() => view.show({ open: null })}
        onApprove={() => setDialog('approve')}
        onReject={() => setDialog('reject')}
      />
      <ApproveNoteDialog
        title={dialog === 'approve' ? `审核通过：${change?.unitName ?? ''}` : null}
        pending={approve.isPending}
        onCancel={() => setDialog(null)}
        onApprove={(note) => approve.mutateAsync({ id: change?.id ?? 0, note }).then(decided)}
      />
      <ReasonDialog
        title={dialog === 'reject' ? `驳回变更：${change?.unitName ?? ''}` : null}
        label="驳回原因"
        extra="工会将看到此原因，修改后可重新提交"
        okText="确认驳回"
        danger
        pending={reject.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(note) => reject.mutateAsync({ id: change?.id ?? 0, note }).then(decided)}
      />
    </QueuePage>
  );
}
