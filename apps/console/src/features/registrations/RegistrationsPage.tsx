import { useState } from 'react';
import { App } from 'antd';
import { QueuePage, useQueueView } from '../../components/QueuePage';
import { type Registration, useRegistrations } from './api/registration-list';
import { useApproveRegistration, useRejectRegistration } from './api/registration-decide';
import { ReasonDialog } from '../../components/ReasonDialog';
import { RegistrationDrawer } from './components/RegistrationDrawer';
import { RegistrationTable } from './components/RegistrationTable';
import { STATUS_OPTIONS } from './components/labels';

/** 单位注册审核: the list by status (kept in the URL), the detail drawer, 审核通过 and 驳回. */
export default function RegistrationsPage() {
  const { modal } = App.useApp();
  const view = useQueueView(STATUS_OPTIONS, 'pending', 'status');
  const list = useRegistrations(view.state);
  const approve = useApproveRegistration();
  const reject = useRejectRegistration();
  const [viewing, setViewing] = useState<Registration | null>(null);
  const [rejecting, setRejecting] = useState<Registration | null>(null);

  // Nothing irreversible in one click: 审核通过 asks first, naming the unit and what follows.
  const confirmApprove = (row: Registration) =>
    modal.confirm({
      title: `审核通过：${row.empName}`,
      content: `通过后单位账号 ${row.uact} 即可登录网上服务大厅。`,
      okText: '审核通过',
      cancelText: '取消',
      onOk: () => approve.mutateAsync(row.uact).then(() => setViewing(null)),
    });

  return (
    <QueuePage
      title="单位注册审核"
      testId="registration"
      states={STATUS_OPTIONS}
      view={view}
      switchTestId="registration-status"
      what="注册申请"
      list={list}
      table={
        <RegistrationTable
          rows={list.data ?? []}
          loading={list.isFetching}
          onView={setViewing}
          onApprove={confirmApprove}
          onReject={setRejecting}
        />
      }
    >
      <RegistrationDrawer
        row={viewing}
        onClose={() => setViewing(null)}
        onApprove={confirmApprove}
        onReject={setRejecting}
        deciding={approve.isPending}
      />
      <ReasonDialog
        title={rejecting ? `驳回注册：${rejecting.empName}` : null}
        label="驳回原因"
        extra="单位查询注册结果时看到此原因"
        okText="确认驳回"
        danger
        pending={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) =>
          reject.mutateAsync({ uact: rejecting?.uact ?? '', reason }).then(() => {
            setRejecting(null);
            setViewing(null);
          })
        }
      />
    </QueuePage>
  );
}
