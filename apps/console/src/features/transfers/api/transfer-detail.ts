import { useQuery } from '@tanstack/react-query';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { transfersKey } from './transfer-list';

export type TransferDetail = CallData<typeof personalCalls.opsTransferDetail>;

/** One transfer with its history (the drawer). Under the list's key: a decision refreshes both. */
export const useTransferDetail = (id: number | null) =>
  useQuery({
    queryKey: [...transfersKey, 'detail', id],
    queryFn: () => request.call(personalCalls.opsTransferDetail, { id: id ?? 0 }).then((answer) => answer.data),
    enabled: id !== null,
  });
