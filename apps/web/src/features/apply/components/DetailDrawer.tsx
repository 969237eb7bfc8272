import { useRef, useState } from 'react';
import { App, Button, Drawer, Input, Modal, Space, Tooltip } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ApplicationItem, PeriodInfo } from '@hall/shared/contracts/enrolment.ts';
import { GuardedButton } from '../../../components/GuardedButton';
import { useApplyDetail } from '../api/apply-detail';
import { cancelApplication } from '../api/cancel';
import { removeLines } from '../api/remove-lines';
import { submitApplication } from '../api/submit';
import { ApplicationBody } from './ApplicationView';
import { StaffPicker } from './StaffPicker';
import { useChange } from '../../../lib/use-change';
import { useUnitReadOnly } from '../../../lib/user-info';

/** An application's drawer: its lines (added from the staff list or a file, removed), 提交 (confirmed first), and 撤销申请. */
export function DetailDrawer({
  id,
  periods,
  onClose,
  onChanged,
  onImport,
}: {
  id: number | null;
  periods: readonly PeriodInfo[];
  onClose(): void;
  onChanged(): void;
  onImport(a: ApplicationItem): void;
}) {
  const readOnly = useUnitReadOnly();
  const { message, modal } = App.useApp();
  const [lineQuery, setLineQuery] = useState({ pageNum: 1, pageSize: 10, keyword: '' });
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [note, setNote] = useState('');
  /** 提交, 移除 and 撤销 through the server; a refusal was shown by the request client. */
  const acting = useChange((run: () => Promise<unknown>) => run());
  /**
   * Where the keyboard goes back to when a confirmation closes: the button that opened it may be
   * gone (提交 once submitted) or disabled (移除所选 once removed), and focus on the page's body
   * would leave the drawer deaf to Escape.
   */
  const body = useRef<HTMLDivElement>(null);
  const refocus = () => body.current?.focus();
  const detail = useApplyDetail(id === null ? null : { id, ...lineQuery, keyword: lineQuery.keyword || undefined });
  const data = detail.data && detail.data.application.id === id ? detail.data : undefined;
  const a = data?.application;
  const editable = a?.canEdit && !readOnly;
  const period = periods.find((p) => p.year === a?.periodYear);

  const act = (run: () => Promise<unknown>, done: string) =>
    acting.mutateAsync(run).then(
      () => {
        message.success(done);
        setSelected([]);
        onChanged();
        return true;
      },
      () => false,
    );

  /** 提交 asks first, as 撤销 does: a submitted application can no longer be changed by the unit. */
  const submit = (app: ApplicationItem) =>
    modal.confirm({
      title: `提交互助申请 ${app.no}？`,
      content: app.needsReview
        ? `共 ${app.headcount} 人。提交后由上级工会审核，审核期间不能修改人员明细。`
        : `共 ${app.headcount} 人。提交后即生成应缴金额，请按缴费通知单缴费；提交后不能修改人员明细。`,
      okText: '提交',
      afterClose: refocus,
      onOk: () => act(() => submitApplication(app.id), app.needsReview ? '已提交，等待上级工会审核' : '已提交，请按缴费通知单缴费'),
    });

  const remove = () =>
    modal.confirm({
      title: `移除所选 ${selected.length} 条明细？`,
      content: '移除后可重新添加。',
      okText: '移除',
      okButtonProps: { danger: true },
      afterClose: refocus,
      onOk: () => act(() => removeLines({ id: id!, lineIds: selected }), '已移除所选明细'),
    });

  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setSelected([]);
        setLineQuery({ pageNum: 1, pageSize: 10, keyword: '' });
        onClose();
      }}
      size={960}
      title={a ? `互助申请 ${a.no}` : '互助申请'}
      destroyOnHidden
      extra={
        a && !readOnly ? (
          <Space wrap>
            {a.canCancel ? (
              <Button danger onClick={() => setCancelling(true)} data-testid="cancel-open">
                撤销申请
              </Button>
            ) : null}
            {a.canEdit ? (
              <Tooltip title={a.canSubmit ? '' : a.headcount === 0 ? '请先添加人员' : '当前不在办理期内'}>
                <GuardedButton
                  type="primary"
                  loading={acting.isPending}
                  disabled={!a.canSubmit}
                  onClick={() => submit(a)}
                  data-testid="submit-application"
                >
                  提交
                </GuardedButton>
              </Tooltip>
            ) : null}
          </Space>
        ) : null
      }
    >
      <div ref={body} tabIndex={-1} className="apply-drawer-body">
        <ApplicationBody
          query={detail}
          data={data}
          onLinePage={(pageNum, pageSize) => setLineQuery((q) => ({ ...q, pageNum, pageSize }))}
          onKeyword={(keyword) => setLineQuery((q) => ({ ...q, keyword, pageNum: 1 }))}
          selectedLines={editable ? selected : undefined}
          onSelectLines={editable ? setSelected : undefined}
          lineActions={
            a && editable ? (
              <Space wrap>
                <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="pick-staff">
                  从人员名单添加
                </Button>
                <Button icon={<UploadOutlined />} onClick={() => onImport(a)}>
                  导入
                </Button>
                <Button danger disabled={selected.length === 0} onClick={remove} data-testid="remove-lines">
                  移除所选
                </Button>
              </Space>
            ) : null
          }
        />
      </div>
      {a && period && picking ? (
        <StaffPicker
          open
          applicationId={a.id}
          period={period}
          onClose={() => setPicking(false)}
          onAdded={(r) => {
            setPicking(false);
            if (r.added) message.success(`已添加 ${r.added} 条明细`);
            onChanged();
          }}
        />
      ) : null}
      <Modal
        open={cancelling}
        title="撤销互助申请"
        onCancel={() => setCancelling(false)}
        okText="确认撤销"
        okButtonProps={{ danger: true, loading: acting.isPending }}
        onOk={async () => {
          if (await act(() => cancelApplication(a!.id, note.trim() || undefined), '申请已撤销')) {
            setCancelling(false);
            setNote('');
          }
        }}
      >
        <p>撤销后该申请不能再提交，其中的人员可在其他申请中重新申报。</p>
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          placeholder="撤销说明（选填）"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-label="撤销说明"
        />
      </Modal>
    </Drawer>
  );
}
