import { useMemo, useState } from 'react';
import { Alert, AutoComplete, Button, Segmented, Space } from 'antd';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CREDIT_REASON_LABELS, type CreditReason } from '@hall/shared/money/reconciliation.ts';
import { opsMoneyCalls } from '@hall/shared/contracts/ops-money.ts';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { ReasonDialog } from '../../components/ReasonDialog';
import { FileLoadButton } from '../../components/file-load/FileLoadButton';
import { StagedPreview } from '../../components/file-load/StagedPreview';
import { UploadProgress } from '../../components/file-load/UploadProgress';
import { useStagedFile } from '../../components/file-load/useStagedFile';
import { useMayCall } from '../../lib/operator-may';
import { type Credit, type CreditState, useCloseCredit, useCredits, useMatchCredits } from './api/credits';
import {
  loadedKeys,
  type StatementPreview,
  type StatementReport,
  statementCalls,
  useBankFormats,
  useSaveFormat,
  useStatements,
} from './api/statements';
import { CreditTable } from './components/CreditTable';
import { FormatDrawer } from './components/FormatDrawer';
import { MatchDialog } from './components/MatchDialog';
import { StatementTable } from './components/StatementTable';
import './reconciliation.css';

type View = CreditState | 'statements';
const VIEWS: { value: View; label: string }[] = [
  { value: 'exception', label: '待处理' },
  { value: 'left', label: '已搁置' },
  { value: 'matched', label: '已核对' },
  { value: 'refunded', label: '已退款' },
  { value: 'statements', label: '导入记录' },
];
const COMMON_BANKS = ['工商银行', '建设银行', '农业银行', '中国银行', '交通银行', '长沙银行'];

const reasonsOf = (reasons: Record<string, number>) =>
  Object.entries(reasons)
    .map(([k, n]) => `${CREDIT_REASON_LABELS[k as CreditReason] ?? k} ${n} 笔`)
    .join('；');

/** What the preview's dry run found, as the confirmation will do it. */
const previewFigures = (p: StatementPreview) => [
  { label: '入账记录', value: p.total },
  { label: '有误', value: p.invalid, warn: true },
  { label: '新到账', value: p.outcome.credits },
  { label: '将自动核对', value: p.outcome.matched },
  { label: '将待处理', value: p.outcome.exceptions, warn: true },
  { label: '已导入过', value: p.outcome.repeated },
];

const ROW_COLUMNS = [
  { title: '交易日期', dataIndex: 'bookedOn', width: 110 },
  { title: '流水号', dataIndex: 'txnId', width: 150 },
  { title: '金额', dataIndex: 'amount', width: 100 },
  { title: '付款户名', dataIndex: 'payerName', width: 180 },
];

function Report({ report }: { report: StatementReport }) {
  const reasons = reasonsOf(report.reasons);
  return (
    <Alert
      type={report.exceptions ? 'warning' : 'success'}
      showIcon
      title={`新到账 ${report.credits} 笔：自动核对并确认缴费 ${report.matched} 笔，待处理 ${report.exceptions} 笔${report.repeated ? `；${report.repeated} 笔此前已导入，已跳过` : ''}`}
      description={reasons || undefined}
      data-testid="statement-report"
    />
  );
}

/**
 * 银行对账: finance loads a bank's statement of credits; those that match a payment notice (by the
 * payment reference in the memo, or by payer and amount) confirm its payment at once, the others
 * wait here to be matched by hand, refunded or left. Bank and view stay in the URL.
 */
export default function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const view = (VIEWS.find((v) => v.value === params.get('view'))?.value ?? 'exception') as View;
  const bank = params.get('bank') ?? '工商银行';
  const setQuery = (next: { view?: View; bank?: string }) => {
    const v = next.view ?? view;
    const b = next.bank ?? bank;
    setParams({ ...(v !== 'exception' ? { view: v } : {}), ...(b !== '工商银行' ? { bank: b } : {}) }, { replace: true });
  };
  const client = useQueryClient();
  const mayLoad = useMayCall(opsMoneyCalls.opsStatementStage);
  const mayResolve = useMayCall(opsMoneyCalls.opsCreditMatch);
  const formats = useBankFormats();
  const saveFormat = useSaveFormat();
  const statements = useStatements();
  const credits = useCredits(view === 'statements' ? 'exception' : view);
  const match = useMatchCredits();
  const close = useCloseCredit();
  const [selected, setSelected] = useState<number[]>([]);
  const [matching, setMatching] = useState<Credit[] | null>(null);
  const [closing, setClosing] = useState<{ credit: Credit; to: 'refunded' | 'left' } | null>(null);
  const [formatOpen, setFormatOpen] = useState(false);
  const calls = useMemo(() => statementCalls(bank), [bank]);
  const file = useStagedFile<StatementPreview, StatementReport>(calls, () => {
    for (const queryKey of loadedKeys) void client.invalidateQueries({ queryKey });
  });

  const rows = credits.data?.pages.flatMap((p) => p.list) ?? [];
  const chosen = rows.filter((c) => selected.includes(c.id));
  const bankOptions = [...new Set([...(formats.data ?? []).map((f) => f.bank), ...COMMON_BANKS])].map((value) => ({ value }));

  return (
    <section className="console-panel" aria-labelledby="reconciliation-title">
      <h2 id="reconciliation-title" className="page-title">
        银行对账
      </h2>
      {mayLoad ? (
        <div className="list-toolbar">
          <Space wrap>
            <label htmlFor="statement-bank">银行</label>
            <AutoComplete
              id="statement-bank"
              value={bank}
              options={bankOptions}
              onChange={(value) => setQuery({ bank: String(value).slice(0, 20) })}
              style={{ width: 160 }}
              data-testid="statement-bank"
            />
            <FileLoadButton label="导入对账单" loading={file.reading} onFile={(f) => void file.stage(f)} />
            <Button icon={<SettingOutlined />} onClick={() => setFormatOpen(true)} data-testid="format-open">
              列名设置
            </Button>
          </Space>
        </div>
      ) : null}
      <UploadProgress progress={file.progress} checking />
      {file.preview ? (
        <StagedPreview<StatementPreview>
          preview={file.preview}
          figures={previewFigures(file.preview)}
          rowColumns={ROW_COLUMNS}
          consequence={`${file.preview.bank} 对账单：确认后，附言中缴费识别码（或付款单位与金额）与通知单一致的到账立即确认缴费，其余列入待处理${
            file.preview.outcome.exceptions ? `（${reasonsOf(file.preview.outcome.reasons)}）` : ''
          }；同一流水号不会重复导入。`}
          busy={file.busy}
          onConfirm={() => void file.confirm()}
          onDiscard={() => void file.discard()}
          onReport={() => void calls.report(file.preview?.batchId ?? '', file.preview?.fileName ?? '')}
        />
      ) : null}
      {file.report ? <Report report={file.report} /> : null}
      <div className="list-toolbar">
        <Segmented
          options={VIEWS}
          value={view}
          onChange={(value) => {
            setSelected([]);
            setQuery({ view: value as View });
          }}
          data-testid="credit-view"
        />
        {chosen.length > 0 ? (
          <Space className="credit-batch" data-testid="credit-batch">
            <span>
              已选 {chosen.length} 笔，合计 ¥{yuan(chosen.reduce((s, c) => s + c.amountFen, 0))}
            </span>
            <Button type="primary" onClick={() => setMatching(chosen)} data-testid="match-selected">
              合并核对
            </Button>
          </Space>
        ) : null}
      </div>
      {view === 'statements' ? (
        statements.isError ? (
          <LoadFailed what="对账单导入记录" error={statements.error} onRetry={() => void statements.refetch()} />
        ) : (
          <StatementTable rows={statements.data ?? []} loading={statements.isPending} />
        )
      ) : credits.isError ? (
        <LoadFailed what="到账记录" error={credits.error} onRetry={() => void credits.refetch()} />
      ) : (
        <>
          <CreditTable
            rows={rows}
            loading={credits.isPending}
            actions={
              mayResolve
                ? {
                    selected,
                    onSelect: setSelected,
                    onMatch: setMatching,
                    onRefund: (credit) => setClosing({ credit, to: 'refunded' }),
                    onLeave: (credit) => setClosing({ credit, to: 'left' }),
                  }
                : undefined
            }
          />
          {credits.hasNextPage ? (
            <div className="credit-more">
              <Button onClick={() => void credits.fetchNextPage()} loading={credits.isFetchingNextPage} data-testid="credit-more">
                加载更多
              </Button>
            </div>
          ) : null}
        </>
      )}
      <MatchDialog
        credits={matching}
        pending={match.isPending}
        onCancel={() => setMatching(null)}
        onSubmit={(input) =>
          match.mutateAsync({ creditIds: (matching ?? []).map((c) => c.id), ...input }).then(() => {
            setMatching(null);
            setSelected([]);
          })
        }
      />
      <ReasonDialog
        title={
          closing
            ? `${closing.to === 'refunded' ? '退款' : '搁置'}：流水 ${closing.credit.txnId}（¥${yuan(closing.credit.amountFen)}）`
            : null
        }
        okText={closing?.to === 'refunded' ? '确认已退款' : '搁置'}
        label="处理说明"
        danger={closing?.to === 'refunded'}
        extra={closing?.to === 'refunded' ? '退款后该笔到账结清，不能再核对。' : '搁置的到账仍可在“已搁置”中核对或退款。'}
        pending={close.isPending}
        onCancel={() => setClosing(null)}
        onSubmit={(note) =>
          closing
            ? close.mutateAsync({ creditId: closing.credit.id, to: closing.to, note }).then(() => setClosing(null))
            : Promise.resolve()
        }
      />
      <FormatDrawer
        open={formatOpen}
        bank={bank}
        saved={formats.data?.find((f) => f.bank === bank)}
        pending={saveFormat.isPending}
        onClose={() => setFormatOpen(false)}
        onSave={(columns) => saveFormat.mutateAsync({ bank, columns })}
      />
    </section>
  );
}
