import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unionCalls } from '@hall/shared/contracts/union.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

export type ChangeQuery = CallInput<typeof unionCalls.unionChangeList>;
export type ChangePage = CallData<typeof unionCalls.unionChangeList>;
export type ChangeFilter = CallInput<typeof unionCalls.unionChangeExport>;

/** changeList: the union's change records, newest first. */
export const fetchUnionChanges = (q: ChangeQuery) => request.call(unionCalls.unionChangeList, q).then((a) => a.data);
export const unionChangesKey = ['union', 'changes'] as const;
export const useUnionChanges = (q: ChangeQuery) =>
  useQuery({ queryKey: [...unionChangesKey, q], queryFn: () => fetchUnionChanges(q), placeholderData: keepPreviousData });

/** changeDetail: one record. */
export const fetchUnionChange = (id: number) => request.call(unionCalls.unionChangeDetail, { id }).then((a) => a.data);
export const useUnionChange = (id: number | null) =>
  useQuery({ queryKey: [...unionChangesKey, 'detail', id], queryFn: () => fetchUnionChange(id!), enabled: id !== null });

/** exportChanges: the filtered records as a workbook, one row per changed field. */
export const exportUnionChanges = (filter: ChangeFilter) => download(unionCalls.unionChangeExport, filter, '工会信息变更记录.xlsx');
export const useExportUnionChanges = () => useChange(exportUnionChanges);
