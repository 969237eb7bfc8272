import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { claimCalls } from '@hall/shared/contracts/calls/claims.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type StaffOption = CallData<typeof claimCalls.claimStaffOptions>['list'][number];

/** staffOptions: the unit's current staff it covers (the last three periods), by name or ID number. */
export const fetchClaimStaff = (keyword: string) =>
  request.call(claimCalls.claimStaffOptions, { keyword: keyword || undefined, pageNum: 1, pageSize: 20 }).then((a) => a.data);
export const claimStaffKey = ['claims', 'staff'] as const;
export const useClaimStaff = (keyword: string, enabled: boolean) =>
  useQuery({ queryKey: [...claimStaffKey, keyword], queryFn: () => fetchClaimStaff(keyword), enabled, placeholderData: keepPreviousData });
