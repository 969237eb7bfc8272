import { treatmentCalls } from '@hall/shared/contracts/treatment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';

export type TreatmentFilterInput = CallInput<typeof treatmentCalls.treatmentExport>;

/** exportList: the unit's filtered list as a workbook (ID numbers masked). */
export const exportTreatments = (filter: TreatmentFilterInput) => download(treatmentCalls.treatmentExport, filter, '互助待遇.xlsx');
