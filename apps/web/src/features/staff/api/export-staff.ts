import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { useChange } from '../../../lib/use-change';

export type StaffFilterInput = CallInput<typeof staffCalls.staffExport>;

/** exportList: the filtered list as a workbook (ID numbers masked). */
export const exportStaff = (filter: StaffFilterInput) => download(staffCalls.staffExport, filter, '互助人员名单.xlsx');
export const useExportStaff = () => useChange(exportStaff);
