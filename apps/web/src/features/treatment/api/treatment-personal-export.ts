import { treatmentCalls } from '@hall/shared/contracts/treatment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';

export type TreatmentPersonalFilterInput = CallInput<typeof treatmentCalls.treatmentPersonalExport>;

/** personal/exportList: the person's own filtered list as a workbook. */
export const exportPersonalTreatments = (filter: TreatmentPersonalFilterInput) =>
  download(treatmentCalls.treatmentPersonalExport, filter, '我的互助待遇.xlsx');
