import { useQuery } from '@tanstack/react-query';
import { unionCalls } from '@hall/shared/contracts/union.ts';
import { request } from '../../../lib/request';
import { unionChangesKey } from './union-change-list';

export const fetchUnionChange = (id: number) => request.call(unionCalls.opsUnionChangeDetail, { id }).then((answer) => answer.data);

export const useUnionChange = (id: number | null) =>
  useQuery({ queryKey: [...unionChangesKey, 'detail', id], queryFn: () => fetchUnionChange(id ?? 0), enabled: id !== null });
