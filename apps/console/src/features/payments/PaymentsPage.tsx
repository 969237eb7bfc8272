import { useState } from 'react';
import { App, Badge, Checkbox, Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { useMayCall } from '../../lib/operator-may';
import { usePayables } from './api/payable-list';
import { type PaymentAnswer, useConfirmPayment } from './api/payment-confirm';
import { usePaymentEntries } from './api/payment-entries';
import { ConfirmPaymentDialog, type PaymentForm, type PaymentTarget } from './components/ConfirmPaymentDialog';
import { EntryTable } from './components/EntryTable';
import { PayableTable } from './components/PayableTable';

type View = 'unpaid' | 'entries';

/**
 * 缴费确认: the 待缴费 applications (deadline first, 仅看逾期 in the URL) and the large payments
 * waiting for a second finance operator (view=entries). Both open the same confirmation form; the
 * auditor reads both lists without it.
 */
export default function PaymentsPage() {
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'entries' ? 'entries' : 'unpaid';
  const overdue = params.get('overdue') === '1';
  const payables = usePayables(overdue);
  const entries = usePaymentEntries();
  const confirm = useConfirmPayment();
  const mayConfirm = useMayCall(opsCalls.opsPaymentConfirm);
  const [target, setTarget] = useState<PaymentTarget | null>(null);

  const setQuery = (next: { view?: View; overdue?: boolean }) => {
    const v = next.view ?? view;
    const o = next.overdue ?? overdue;
    setParams({ ...(v === 'entries' ? { view: v } : {}), ...(o && v === 'unpaid' ? { overdue: '1' } : {}) }, { replace: true });
  };

  const told = (answer: PaymentAnswer) =>
    answer.state === 'confirmed'
      ? modal.success({
          title: `已确认缴费：${answer.applicationNo}`,
          content: `${answer.empName} 缴费 ¥${yuan(answer.amountFen)}（凭证号 ${answer.voucherNo}）${answer.enteredBy ? `，登记人 ${answer.enteredBy}` : ''}；生成参保记录 ${answer.coverages} 条。`,
          okText: '知道了',
        })
      : modal.info({
          title: `已登记，待复核：${answer.applicationNo}`,
          content: `缴费 ¥${yuan(answer.amountFen)} 超过复核金额，须由另一名财务人员在“待复核”中再次录入相同的金额、日期和凭证号后确认。`,
          okText: '知道了',
        });

  const submit = (fields: PaymentForm) =>
    confirm.mutateAsync({ application: String(target?.applicationId ?? ''), ...fields }).then((answer) => {
      setTarget(null);
      told(answer);
    });

  const waitingCount = entries.data?.length ?? 0;
  return (
    <section className="console-panel" aria-labelledby="payments-title">
      <h2 id="payments-title" className="page-title">
        缴费确认
        {payables.data ? <span className="page-title__aside">截至 {payables.data.today}</span> : null}
      </h2>
      <div className="list-toolbar">
        <Segmented
          options={[
            { value: 'unpaid', label: '待缴费' },
            {
              value: 'entries',
              label: (
                <span>
                  待复核 <Badge count={waitingCount} size="small" />
                </span>
              ),
            },
          ]}
          value={view}
          onChange={(value) => setQuery({ view: value as View })}
          data-testid="payment-view"
        />
        {view === 'unpaid' ? (
          <Checkbox checked={overdue} onChange={(event) => setQuery({ overdue: event.target.checked })} data-testid="payment-overdue">
            仅看逾期
          </Checkbox>
        ) : null}
      </div>
      {view === 'unpaid' ? (
        payables.isError && !payables.data ? (
          <LoadFailed what="待缴费申请" error={payables.error} onRetry={() => void payables.refetch()} />
        ) : (
          <PayableTable
            rows={payables.data?.list ?? []}
            loading={payables.isFetching}
            onConfirm={mayConfirm ? (row) => setTarget({ ...row, applicationId: row.id }) : undefined}
          />
        )
      ) : entries.isError && !entries.data ? (
        <LoadFailed what="待复核缴费" error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <EntryTable rows={entries.data ?? []} loading={entries.isFetching} onCheck={mayConfirm ? setTarget : undefined} />
      )}
      <ConfirmPaymentDialog target={target} pending={confirm.isPending} onCancel={() => setTarget(null)} onSubmit={submit} />
    </section>
  );
}
