import type { TableColumnsType } from 'antd';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { FILING_STATE_LABELS } from '@hall/shared/personal-labels.ts';
import { personColumns } from '../../components/columns';
import { type QueueState, RecordQueue } from '../../components/RecordQueue';
import { useMayCall } from '../../lib/operator-may';
import { useFilingDetail } from './api/filing-detail';
import { useConfirmFiling, useReturnFiling } from './api/filing-decide';
import { type Filing, type FilingState, useFilings } from './api/filing-list';

const COLORS: Record<FilingState, string> = { submitted: 'processing', filed: 'success', returned: 'warning' };
const STATES: QueueState<FilingState>[] = (['submitted', 'filed', 'returned'] as const).map((value) => ({
  value,
  label: FILING_STATE_LABELS[value],
  color: COLORS[value],
}));

const columns: TableColumnsType<Filing> = [
  ...personColumns<Filing>(),
  { title: '单位', dataIndex: 'unitName', width: 180, ellipsis: { showTitle: true }, responsive: ['xl'] },
  { title: '就医地', dataIndex: 'regionName', width: 120 },
  { title: '医院', dataIndex: 'hospitalName', width: 180, ellipsis: { showTitle: true }, responsive: ['md'] },
  { title: '备案期间', key: 'dates', width: 200, render: (_: unknown, row) => `${row.fromDate} 至 ${row.toDate}` },
];

/** 异地就医备案: the filings by state; 确认 makes it 已备案 (a 手工报销 of the stay then passes its check). */
export default function FilingsPage() {
  const confirm = useConfirmFiling();
  const returnFiling = useReturnFiling();
  return (
    <RecordQueue<Filing, FilingState>
      title="异地就医备案"
      testId="filing"
      states={STATES}
      waitingState="submitted"
      useRows={useFilings}
      useDetail={useFilingDetail}
      columns={columns}
      facts={(row) => [
        { label: '职工', value: row.personName },
        { label: '身份证号', value: row.certNo },
        { label: '单位', value: `${row.unitName}（${row.uact}）` },
        { label: '就医地', value: row.regionName },
        { label: '医院', value: row.hospitalName },
        { label: '备案期间', value: `${row.fromDate} 至 ${row.toDate}` },
        { label: '备案原因', value: row.reason },
        { label: '申请方式', value: row.filedBy === 'unit' ? '单位代办' : '职工本人' },
        { label: '申请时间', value: chinaMinute(row.createdAt) },
        ...(row.returnReason ? [{ label: '退回原因', value: row.returnReason }] : []),
      ]}
      confirmText={(row) =>
        `确认后为已备案：${row.personName}在${row.regionName}${row.hospitalName}（${row.fromDate} 至 ${row.toDate}）的住院可申请手工报销。`
      }
      mayDecide={useMayCall(personalCalls.opsFilingConfirm)}
      onConfirm={(row) => confirm.mutateAsync(row.id)}
      onReturn={(row, reason) => returnFiling.mutateAsync({ id: row.id, reason })}
      pending={confirm.isPending || returnFiling.isPending}
    />
  );
}
