import type { TableColumnsType } from 'antd';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { TRANSFER_STATE_LABELS } from '@hall/shared/personal-labels.ts';
import { personColumns } from '../../components/columns';
import { type QueueState, RecordQueue } from '../../components/RecordQueue';
import { useMayCall } from '../../lib/operator-may';
import { useTransferDetail } from './api/transfer-detail';
import { useConfirmTransfer, useReturnTransfer } from './api/transfer-decide';
import { type Transfer, type TransferState, useTransfers } from './api/transfer-list';

const COLORS: Record<TransferState, string> = {
  receiving: 'default',
  reviewing: 'processing',
  done: 'success',
  returned: 'warning',
  cancelled: 'default',
};
// 待审核 first: the reviewer's queue; 待转入确认 waits for the receiving unit, not for the city union.
const ORDER: TransferState[] = ['reviewing', 'receiving', 'done', 'returned', 'cancelled'];
const STATES: QueueState<TransferState>[] = ORDER.map((value) => ({ value, label: TRANSFER_STATE_LABELS[value], color: COLORS[value] }));

const columns: TableColumnsType<Transfer> = [
  ...personColumns<Transfer>(),
  { title: '转出单位', dataIndex: 'fromUnitName', width: 180, ellipsis: { showTitle: true } },
  { title: '转入单位', dataIndex: 'toUnitName', width: 180, ellipsis: { showTitle: true }, responsive: ['md'] },
  { title: '转移日期', dataIndex: 'transferDate', width: 110 },
];

/** 关系转移: the transfers by state; 确认 moves the cover to the new unit from the transfer date. */
export default function TransfersPage() {
  const confirm = useConfirmTransfer();
  const returnTransfer = useReturnTransfer();
  return (
    <RecordQueue<Transfer, TransferState>
      title="关系转移"
      testId="transfer"
      states={STATES}
      waitingState="reviewing"
      useRows={useTransfers}
      useDetail={useTransferDetail}
      columns={columns}
      facts={(row) => [
        { label: '职工', value: row.personName },
        { label: '身份证号', value: row.certNo },
        { label: '转出单位', value: `${row.fromUnitName}（${row.fromUact}）` },
        { label: '转入单位', value: `${row.toUnitName}（${row.toUact}）` },
        { label: '转入单位信用代码', value: row.toUscc },
        { label: '转移日期', value: row.transferDate },
        { label: '互助年度', value: row.periodYear },
        { label: '转移原因', value: row.reason ?? '—' },
        { label: '申请时间', value: chinaMinute(row.createdAt) },
        ...(row.returnReason ? [{ label: '退回原因', value: row.returnReason }] : []),
      ]}
      confirmText={(row) => `确认后，${row.personName}的保障自 ${row.transferDate} 起转入${row.toUnitName}（不中断、不重复、无新等待期）。`}
      mayDecide={useMayCall(personalCalls.opsTransferConfirm)}
      onConfirm={(row) => confirm.mutateAsync(row.id)}
      onReturn={(row, reason) => returnTransfer.mutateAsync({ id: row.id, reason })}
      pending={confirm.isPending || returnTransfer.isPending}
    />
  );
}
