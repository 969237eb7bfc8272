import { useQuery } from '@tanstack/react-query';
import { claimCalls } from '@hall/shared/contracts/claims.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type StaffOption = CallData<typeof claimCalls.claimStaffOptions>['list'][number];

/** staffOptions: the unit's current staff it covers (the last three periods), by name or ID number. */
export const fetchClaimStaff = (keyword: string, signal?: AbortSignal) =>
  request.call(claimCalls.claimStaffOptions, { keyword: keyword || undefined, pageNum: 1, pageSize: 20 }, { signal }).then((a) => a.data);
export const claimStaffKey = ['claims', 'staff'] as const;
/**
 * One query per term, without the previous term's answer as a placeholder: while a new term's
 * answer is pending there is none (the picker says it is searching), and a term left behind
 * has its request cancelled (the signal), so an old answer never stands for a newer term.
 */
export const useClaimStaff = (keyword: string, enabled: boolean) =>
  useQuery({ queryKey: [...claimStaffKey, keyword], queryFn: ({ signal }) => fetchClaimStaff(keyword, signal), enabled });
