import { useQuery } from '@tanstack/react-query';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { payablesKey } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

export type Payable = CallData<typeof opsCalls.opsPayableList>['list'][number];

export const fetchPayables = (overdue: boolean) =>
  request.call(opsCalls.opsPayableList, overdue ? { overdue: true } : {}).then((answer) => answer.data);

export { payablesKey };

/** 待缴费 applications, deadline first; `overdue`: only those past it. */
export const usePayables = (overdue: boolean) => useQuery({ queryKey: [...payablesKey, overdue], queryFn: () => fetchPayables(overdue) });
