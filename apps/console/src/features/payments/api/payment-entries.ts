import { useQuery } from '@tanstack/react-query';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type PaymentEntry = CallData<typeof opsCalls.opsPaymentEntryList>['list'][number];

export const fetchPaymentEntries = () => request.call(opsCalls.opsPaymentEntryList).then((answer) => answer.data.list);

export const paymentEntriesKey = ['ops', 'payment-entries'] as const;

/** Large payments entered by one finance operator, waiting for another's second check. */
export const usePaymentEntries = () => useQuery({ queryKey: paymentEntriesKey, queryFn: fetchPaymentEntries });
