import { useQuery } from '@tanstack/react-query';
import { unionCalls } from '@hall/shared/contracts/union.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type UnionChange = CallData<typeof unionCalls.opsUnionChangeList>['list'][number];
export type UnionChangeState = UnionChange['state'];

export const unionChangesKey = ['ops', 'union-changes'] as const;

/** The changes in one state (审核中 by default, oldest first; at most 500). */
export const fetchUnionChanges = (state: UnionChangeState) =>
  request.call(unionCalls.opsUnionChangeList, { state }).then((answer) => answer.data.list);

export const useUnionChanges = (state: UnionChangeState) =>
  useQuery({ queryKey: [...unionChangesKey, 'list', state], queryFn: () => fetchUnionChanges(state) });
