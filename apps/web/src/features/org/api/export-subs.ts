import { orgCalls } from '@hall/shared/contracts/org.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { useChange } from '../../../lib/use-change';

export type SubFilterInput = CallInput<typeof orgCalls.subExport>;

/** exportList: the filtered subordinates as a workbook (phones masked). */
export const exportSubs = ({ filter, name }: { filter: SubFilterInput; name: string }) =>
  download(orgCalls.subExport, filter, `${name}.xlsx`);
export const useExportSubs = () => useChange(exportSubs);
