import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import { download } from '../../../lib/download';

/** A batch's lines as Excel (发放明细_<batchNo>.xlsx). */
export const exportBatch = (batchNo: string) => download(opsTreatmentCalls.opsPayoutBatchExport, { batchNo }, `发放明细_${batchNo}.xlsx`);
