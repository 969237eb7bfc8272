import { useQuery } from '@tanstack/react-query';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type OperatorAccount = CallData<typeof opsAdminCalls.opsOperatorList>['list'][number];

export const fetchOperators = () => request.call(opsAdminCalls.opsOperatorList).then((answer) => answer.data.list);

export const operatorsKey = ['ops', 'operators'] as const;

export const useOperators = () => useQuery({ queryKey: operatorsKey, queryFn: fetchOperators });
