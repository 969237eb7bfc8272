import { useQuery } from '@tanstack/react-query';
import { authCalls } from '@hall/shared/contracts/auth.ts';
import type { UserInfo } from '@hall/shared/schemas/auth.ts';
import { request } from './request';

/**
 * GET userInfo: name, avatar, roles, unit or person. `insured` (active medical-insurance
 * registration, R49) is read from the top level or from the unit/person record.
 */
export type UserInfoAnswer = UserInfo & {
  insured?: boolean;
  unit?: UserInfo['unit'] & { insured?: boolean };
  person?: UserInfo['person'] & { insured?: boolean };
};

export function useUserInfo() {
  return useQuery({
    queryKey: ['user-info'],
    queryFn: () => request.call(authCalls.userInfo, undefined, { silent: true }).then((answer): UserInfoAnswer => answer.data),
    staleTime: 5 * 60_000,
  });
}

/** true / false when the server said so; undefined while unknown (no empty state is shown then). */
export function useInsured(): boolean | undefined {
  const { data } = useUserInfo();
  if (!data) return undefined;
  const flag = data.insured ?? data.unit?.insured ?? data.person?.insured;
  return typeof flag === 'boolean' ? flag : undefined;
}

/**
 * A released branch (issue 10): its business is handled by its union, its business pages are
 * read-only. False while unknown (the server refuses the writes anyway).
 */
export function useUnitReadOnly(): boolean {
  const { data } = useUserInfo();
  return data?.readOnly === true;
}
