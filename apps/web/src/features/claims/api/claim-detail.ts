import { useQuery } from '@tanstack/react-query';
import { claimCalls } from '@hall/shared/contracts/claims.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

/** Who looks: the unit, the worker, or the 92 union reviewing. */
export type ViewerRole = 'unit' | 'personal' | 'union';
export type ClaimDetail = CallData<typeof claimCalls.claimDetail>;

const DETAIL = { unit: claimCalls.claimDetail, personal: claimCalls.claimDetailPersonal, union: claimCalls.claimUnionDetail } as const;

/** queryDataById: the claim, its attachments against the required kinds, its history. */
export const fetchClaimDetail = (role: ViewerRole, id: number) => request.call(DETAIL[role], { id }).then((a) => a.data);
export const claimDetailKey = ['claims', 'detail'] as const;
export const useClaimDetail = (role: ViewerRole, id: number | null) =>
  useQuery({ queryKey: [...claimDetailKey, role, id], queryFn: () => fetchClaimDetail(role, id!), enabled: id !== null });
