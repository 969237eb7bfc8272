import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type StaffPageQuery = CallInput<typeof staffCalls.staffPage>;
export type StaffPageData = CallData<typeof staffCalls.staffPage>;
export type StaffItem = StaffPageData['list'][number];

/** Every list query starts with this key: writes invalidate it. */
export const staffKey = ['staff'] as const;
export const staffPageKey = (query: StaffPageQuery) => [...staffKey, 'page', query] as const;

/** getPageList: the unit's staff, one page (afterId/beforeId step to a neighbour by keyset). */
export const fetchStaffPage = (query: StaffPageQuery) => request.call(staffCalls.staffPage, query).then((a) => a.data);

export const useStaffPage = (query: StaffPageQuery) =>
  useQuery({ queryKey: staffPageKey(query), queryFn: () => fetchStaffPage(query), placeholderData: keepPreviousData });
