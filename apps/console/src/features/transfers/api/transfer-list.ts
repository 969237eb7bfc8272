import { useQuery } from '@tanstack/react-query';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type Transfer = CallData<typeof personalCalls.opsTransferList>['list'][number];
export type TransferState = Transfer['state'];

export const transfersKey = ['ops', 'transfers'] as const;

export const fetchTransfers = (state: TransferState) =>
  request.call(personalCalls.opsTransferList, { state }).then((answer) => answer.data.list);

export const useTransfers = (state: TransferState) =>
  useQuery({ queryKey: [...transfersKey, state], queryFn: () => fetchTransfers(state) });
