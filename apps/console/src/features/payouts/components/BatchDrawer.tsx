import { Alert, App, Button, Descriptions, Drawer, Space, Table, type TableColumnsType } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FileLoadButton } from '../../../components/file-load/FileLoadButton';
import { UploadProgress } from '../../../components/file-load/UploadProgress';
import { LoadFailed } from '../../../components/LoadFailed';
import { Money } from '../../../components/Money';
import { moneyColumn } from '../../../components/columns';
import { useMayCall } from '../../../lib/operator-may';
import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import { type BankFileFormat, exportBankFile, type FailedLine, resultKeys, useFailedLines } from '../api/bank-file';
import { useResultLoad } from '../api/use-result-load';
import type { PayoutBatch } from '../api/batch-list';
import { BatchState, KIND_LABELS } from './BatchTable';

const CONSEQUENCE =
  '按序号或附言逐笔核对银行卡号与金额；成功的记为已发放，失败的退回待发放并附银行原因，由下一发放批次重新发放。同一回执重复导入不会重复登记。';

const failedColumns: TableColumnsType<FailedLine> = [
  { title: '序号', dataIndex: 'lineNo', width: 60 },
  { title: '姓名', dataIndex: 'name', width: 80 },
  { title: '银行卡', key: 'card', width: 200, render: (_, l) => `${l.bankName} ${l.bankCard}`.trim() },
  moneyColumn<FailedLine>('金额', 'amountFen', 110),
  { title: '失败原因', dataIndex: 'reason', width: 160 },
  { title: '重新发放', dataIndex: 'repaidIn', width: 160, render: (no: string | null) => no ?? '待下一批次' },
];

/**
 * A batch at the bank: its 代发文件 out (Excel or CSV, with the control line), the bank's result in
 * (written at once after a confirmation), its progress and the failed lines with the bank's reasons.
 */
export function BatchDrawer({ batch, mayLoad, onClose }: { batch: PayoutBatch | null; mayLoad: boolean; onClose(): void }) {
  return (
    <Drawer
      open={batch !== null}
      onClose={onClose}
      width={760}
      title={batch ? `发放批次 ${batch.batchNo}` : ''}
      destroyOnHidden
      data-testid="batch-drawer"
    >
      {batch ? <BatchBody batch={batch} mayLoad={mayLoad} /> : null}
    </Drawer>
  );
}

function BatchBody({ batch, mayLoad }: { batch: PayoutBatch; mayLoad: boolean }) {
  const mayExport = useMayCall(opsTreatmentCalls.opsPayoutBankFile);
  const client = useQueryClient();
  const [exporting, setExporting] = useState<BankFileFormat | null>(null);
  const { modal } = App.useApp();
  const file = useResultLoad(batch.batchNo, () => {
    for (const queryKey of resultKeys) void client.invalidateQueries({ queryKey });
  });
  // Written at once: what follows is asked before the file is sent.
  const confirmLoad = (picked: File) =>
    modal.confirm({
      title: `导入 ${picked.name}？`,
      content: CONSEQUENCE,
      okText: '导入',
      cancelText: '取消',
      onOk: () => {
        void file.load(picked);
      },
    });
  const failed = useFailedLines(batch.batchNo, batch.failedLines);
  const waiting = batch.lines - batch.paidLines - batch.failedLines;
  const exportAs = (format: BankFileFormat) => {
    setExporting(format);
    exportBankFile(batch.batchNo, format)
      .catch(() => undefined)
      .finally(() => setExporting(null));
  };
  return (
    <>
      <Descriptions size="small" bordered column={2} className="payout-batch__facts">
        <Descriptions.Item label="类别">{KIND_LABELS[batch.kind]}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <BatchState state={batch.state} />
        </Descriptions.Item>
        <Descriptions.Item label="代发笔数">{batch.lines} 笔</Descriptions.Item>
        <Descriptions.Item label="合计金额">
          <Money fen={batch.totalFen} />
        </Descriptions.Item>
        <Descriptions.Item label="银行成功">
          <span data-testid="batch-paid">{batch.paidLines}</span> 笔
        </Descriptions.Item>
        <Descriptions.Item label="银行失败">
          <span data-testid="batch-failed">{batch.failedLines}</span> 笔
        </Descriptions.Item>
        <Descriptions.Item label="待银行回执">
          <span data-testid="batch-waiting">{waiting}</span> 笔
        </Descriptions.Item>
        <Descriptions.Item label="发放日期">{batch.paidOn}</Descriptions.Item>
      </Descriptions>
      {batch.lines === 0 ? (
        <Alert type="info" showIcon message="本批次在银行代发功能之前发放（或全部轧差为零），没有代发文件。" />
      ) : (
        <Space wrap className="payout-batch__actions">
          {/* Whole card numbers: finance's only, not the auditor's reading (the contract's `unmasked`). */}
          {mayExport ? (
            <>
              <Button
                icon={<DownloadOutlined />}
                loading={exporting === 'xlsx'}
                onClick={() => exportAs('xlsx')}
                data-testid="bank-file-xlsx"
              >
                导出代发文件（Excel）
              </Button>
              <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => exportAs('csv')} data-testid="bank-file-csv">
                导出代发文件（CSV）
              </Button>
            </>
          ) : null}
          {mayLoad ? <FileLoadButton label="导入银行回执" loading={file.loading} onFile={confirmLoad} /> : null}
        </Space>
      )}
      <UploadProgress progress={file.progress} />
      {file.report ? (
        <Alert
          className="payout-batch__report"
          type={file.report.failed > 0 ? 'warning' : 'success'}
          showIcon
          data-testid="result-report"
          message={`回执 ${file.report.rows} 行：成功 ${file.report.paid} 笔，失败 ${file.report.failed} 笔（已退回待发放），此前已登记 ${file.report.unchanged} 笔；${
            file.report.state === 'closed' ? '本批次已完成' : `仍有 ${file.report.waiting} 笔待银行回执`
          }`}
        />
      ) : null}
      {batch.failedLines > 0 ? (
        <>
          <h3 className="payout-batch__head">银行失败的笔（已退回待发放）</h3>
          {failed.isError && !failed.data ? (
            <LoadFailed what="失败的笔" error={failed.error} onRetry={() => void failed.refetch()} />
          ) : (
            <Table
              rowKey="lineNo"
              size="small"
              columns={failedColumns}
              dataSource={failed.data?.list ?? []}
              loading={failed.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="failed-lines"
            />
          )}
        </>
      ) : null}
    </>
  );
}
