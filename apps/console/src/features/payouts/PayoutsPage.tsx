import { useState } from 'react';
import { App, Button, Card, Col, Row, Segmented, Statistic } from 'antd';
import { useSearchParams } from 'react-router';
import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { useMayCall } from '../../lib/operator-may';
import { exportBatch } from './api/batch-export';
import { type BatchKind, type PayoutBatch, useBatches } from './api/batch-list';
import { useClaimsDue } from './api/claim-due';
import { type ClaimPayAnswer, type TreatmentPayAnswer, usePayClaims, usePayTreatments } from './api/pay';
import { useTreatmentsDue } from './api/treatment-due';
import { BatchDrawer } from './components/BatchDrawer';
import { BatchTable, KIND_LABELS } from './components/BatchTable';
import { ClaimDueTable } from './components/ClaimDueTable';
import { PayDialog } from './components/PayDialog';
import { ClaimsPaid, TreatmentPaid } from './components/PayResult';
import { TreatmentDueTable } from './components/TreatmentDueTable';
import './payouts.css';

type Tab = 'treatments' | 'claims' | 'batches';
const TABS: Array<{ value: Tab; label: string }> = [
  { value: 'treatments', label: '互助待遇发放' },
  { value: 'claims', label: '补助发放' },
  { value: 'batches', label: '发放批次' },
];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);
const isKind = (value: string | null): value is BatchKind => value === 'treatment' || value === 'claim';

/**
 * 发放: what is 待发放 (treatments with their totals; approved claims with their cards), one batch of
 * each after a confirmation with the totals, and the batches with the bank's progress: each batch's
 * 代发文件 out and the bank's result in (the drawer). The tab, the batches' kind and the opened batch
 * stay in the URL; the auditor reads it all without 发放 or 导入.
 */
export default function PayoutsPage() {
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab: Tab = isTab(rawTab) ? rawTab : 'treatments';
  const rawKind = params.get('kind');
  const kind = isKind(rawKind) ? rawKind : undefined;
  const opened = tab === 'batches' ? params.get('batch') : null;
  const mayPayTreatments = useMayCall(opsTreatmentCalls.opsTreatmentPay);
  const mayPayClaims = useMayCall(opsClaimCalls.opsClaimPay);
  const mayLoadResult = useMayCall(opsTreatmentCalls.opsPayoutResultLoad);
  const [paying, setPaying] = useState<'treatments' | 'claims' | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);

  const setQuery = (next: { tab?: Tab; kind?: BatchKind | 'all'; batch?: string | null }) => {
    const t = next.tab ?? tab;
    const k = next.kind === undefined ? kind : next.kind === 'all' ? undefined : next.kind;
    const b = next.batch === undefined ? opened : next.batch;
    setParams(
      {
        ...(t !== 'treatments' ? { tab: t } : {}),
        ...(t === 'batches' && k ? { kind: k } : {}),
        ...(t === 'batches' && b ? { batch: b } : {}),
      },
      { replace: true },
    );
  };

  return (
    <section className="console-panel" aria-labelledby="payouts-title">
      <h2 id="payouts-title" className="page-title">
        发放
      </h2>
      <div className="list-toolbar">
        <Segmented options={TABS} value={tab} onChange={(value) => setQuery({ tab: value as Tab })} data-testid="payout-tab" />
        {tab === 'batches' ? (
          <Segmented
            options={[
              { value: 'all', label: '全部' },
              { value: 'treatment', label: KIND_LABELS.treatment },
              { value: 'claim', label: KIND_LABELS.claim },
            ]}
            value={kind ?? 'all'}
            onChange={(value) => setQuery({ kind: value as BatchKind | 'all' })}
            data-testid="batch-kind"
          />
        ) : null}
      </div>
      {tab === 'treatments' ? <Treatments mayPay={mayPayTreatments} onPay={() => setPaying('treatments')} /> : null}
      {tab === 'claims' ? <Claims mayPay={mayPayClaims} onPay={() => setPaying('claims')} /> : null}
      {tab === 'batches' ? (
        <Batches
          kind={kind}
          opened={opened}
          mayLoad={mayLoadResult}
          onOpen={(batchNo) => setQuery({ batch: batchNo })}
          exporting={exporting}
          onExport={(batchNo) => {
            setExporting(batchNo);
            exportBatch(batchNo)
              .catch(() => undefined)
              .finally(() => setExporting(null));
          }}
        />
      ) : null}
      <TreatmentPay
        open={paying === 'treatments'}
        onClose={() => setPaying(null)}
        onPaid={(answer) =>
          modal.success({ title: '互助待遇已发放', width: 560, content: <TreatmentPaid answer={answer} />, okText: '知道了' })
        }
      />
      <ClaimPay
        open={paying === 'claims'}
        onClose={() => setPaying(null)}
        onPaid={(answer) =>
          (answer.count > 0 ? modal.success : modal.warning)({
            title: answer.count > 0 ? '补助已发放' : '没有发放任何补助',
            width: 560,
            content: <ClaimsPaid answer={answer} />,
            okText: '知道了',
          })
        }
      />
    </section>
  );
}

function Treatments({ mayPay, onPay }: { mayPay: boolean; onPay(): void }) {
  const due = useTreatmentsDue();
  if (due.isError && !due.data) return <LoadFailed what="待发放的互助待遇" error={due.error} onRetry={() => void due.refetch()} />;
  const total = due.data?.total;
  const payable = (due.data?.list ?? []).filter((row) => !row.hold).length;
  return (
    <>
      <Row gutter={[16, 16]} className="payout-totals">
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="待发放笔数" value={total?.count ?? 0} loading={!due.data} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title="待发放金额（元）"
              value={total ? yuan(total.dueFen) : '0.00'}
              loading={!due.data}
              data-testid="treatment-due-total"
            />
          </Card>
        </Col>
        <Col xs={24} md={12} className="payout-totals__action">
          {mayPay ? (
            <Button type="primary" disabled={!total?.count} onClick={onPay} data-testid="pay-treatments">
              发放互助待遇
            </Button>
          ) : null}
          {due.data && total && total.count > due.data.list.length ? (
            <span className="page-title__aside">
              列表显示前 {due.data.list.length} 条；发放按全部 {total.count} 条
            </span>
          ) : due.data ? (
            <span className="page-title__aside">其中可发放 {payable} 条</span>
          ) : null}
        </Col>
      </Row>
      <TreatmentDueTable rows={due.data?.list ?? []} loading={due.isFetching} />
    </>
  );
}

function Claims({ mayPay, onPay }: { mayPay: boolean; onPay(): void }) {
  const due = useClaimsDue();
  if (due.isError && !due.data) return <LoadFailed what="待发放的补助" error={due.error} onRetry={() => void due.refetch()} />;
  const rows = due.data ?? [];
  const withCard = rows.filter((row) => row.hasBankCard);
  return (
    <>
      <Row gutter={[16, 16]} className="payout-totals">
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="待发放笔数" value={rows.length} loading={!due.data} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title="已登记银行卡的金额（元）"
              value={yuan(withCard.reduce((sum, row) => sum + row.amountFen, 0))}
              loading={!due.data}
            />
          </Card>
        </Col>
        <Col xs={24} md={12} className="payout-totals__action">
          {mayPay ? (
            <Button type="primary" disabled={rows.length === 0} onClick={onPay} data-testid="pay-claims">
              发放补助
            </Button>
          ) : null}
        </Col>
      </Row>
      <ClaimDueTable rows={rows} loading={due.isFetching} />
    </>
  );
}

interface BatchesProps {
  kind?: BatchKind;
  opened: string | null;
  mayLoad: boolean;
  onOpen(batchNo: string | null): void;
  exporting: string | null;
  onExport(batchNo: string): void;
}

function Batches({ kind, opened, mayLoad, onOpen, exporting, onExport }: BatchesProps) {
  const batches = useBatches(kind);
  if (batches.isError && !batches.data) return <LoadFailed what="发放批次" error={batches.error} onRetry={() => void batches.refetch()} />;
  const rows = batches.data ?? [];
  // The drawer reads the batch from the list, so a loaded result shows at once in both.
  const batch: PayoutBatch | null = rows.find((row) => row.batchNo === opened) ?? null;
  return (
    <>
      <BatchTable
        rows={rows}
        loading={batches.isFetching}
        exporting={exporting}
        onExport={(row) => onExport(row.batchNo)}
        onOpen={(row) => onOpen(row.batchNo)}
      />
      <BatchDrawer batch={batch} mayLoad={mayLoad} onClose={() => onOpen(null)} />
    </>
  );
}

function TreatmentPay({ open, onClose, onPaid }: { open: boolean; onClose(): void; onPaid(answer: TreatmentPayAnswer): void }) {
  const due = useTreatmentsDue();
  const pay = usePayTreatments();
  const total = due.data?.total;
  return (
    <PayDialog
      open={open}
      title="发放互助待遇"
      totals={[
        { label: '待发放笔数', value: `${total?.count ?? 0} 笔` },
        { label: '待发放金额', value: `¥${yuan(total?.dueFen ?? 0)}` },
      ]}
      note="未登记银行卡的人员、冲减大于应发的人员留待以后发放；同一人的冲减与应发轧差。"
      pending={pay.isPending}
      onCancel={onClose}
      onPay={(paidOn) =>
        pay.mutateAsync(paidOn).then((answer) => {
          onClose();
          onPaid(answer);
        })
      }
    />
  );
}

function ClaimPay({ open, onClose, onPaid }: { open: boolean; onClose(): void; onPaid(answer: ClaimPayAnswer): void }) {
  const due = useClaimsDue();
  const pay = usePayClaims();
  const rows = due.data ?? [];
  const withCard = rows.filter((row) => row.hasBankCard);
  return (
    <PayDialog
      open={open}
      title="发放补助"
      totals={[
        { label: '待发放', value: `${rows.length} 笔，¥${yuan(rows.reduce((sum, row) => sum + row.amountFen, 0))}` },
        { label: '已登记银行卡', value: `${withCard.length} 笔，¥${yuan(withCard.reduce((sum, row) => sum + row.amountFen, 0))}` },
      ]}
      note="未登记银行卡的、由您本人审核通过的补助不发放，保持待发放并列出原因。"
      pending={pay.isPending}
      onCancel={onClose}
      onPay={(paidOn) =>
        pay.mutateAsync(paidOn).then((answer) => {
          onClose();
          onPaid(answer);
        })
      }
    />
  );
}
