import { useInfiniteQuery } from '@tanstack/react-query';
import { opsMoneyCalls } from '@hall/shared/contracts/ops-money.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { useChange } from '@hall/client/use-change.ts';
import { request } from '../../../lib/request';
import { payablesKey, waitingListKey } from '../../../lib/query-keys';

export type Credit = CallData<typeof opsMoneyCalls.opsCreditList>['list'][number];
export type CreditState = Credit['state'];

export const creditsKey = ['ops', 'credits'] as const;

/** The credits in one state, newest first, 50 a page (更多 reads the next by keyset). */
export const useCredits = (state: CreditState) =>
  useInfiniteQuery({
    queryKey: [...creditsKey, state],
    queryFn: ({ pageParam }) =>
      request.call(opsMoneyCalls.opsCreditList, { state, ...(pageParam ? { before: pageParam } : {}) }).then((a) => a.data),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });

// Silent: the dialogs show the server's refusal (合计与应缴金额不一致 …) beside their fields.
const match = (input: CallInput<typeof opsMoneyCalls.opsCreditMatch>) =>
  request.call(opsMoneyCalls.opsCreditMatch, input, { silent: true }).then((a) => a.data);
const close = (input: CallInput<typeof opsMoneyCalls.opsCreditClose>) =>
  request.call(opsMoneyCalls.opsCreditClose, input).then((a) => a.data);

/** 手工核对 confirms a payment: the unpaid list and the workbench follow. */
export const useMatchCredits = () => useChange(match, [creditsKey, payablesKey, waitingListKey]);
export const useCloseCredit = () => useChange(close, [creditsKey]);
