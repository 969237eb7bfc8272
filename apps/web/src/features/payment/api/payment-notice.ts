import { useQuery } from '@tanstack/react-query';
import { payableCalls } from '@hall/shared/contracts/payable.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type PaymentNotice = CallData<typeof payableCalls.paymentNotice>;

/** paymentNotice: the 缴费通知单 of one of the unit's applications; a refusal is shown on the sheet. */
export const fetchPaymentNotice = (id: string) => request.call(payableCalls.paymentNotice, { id }, { silent: true }).then((a) => a.data);
export const paymentNoticeKey = (id: string) => ['payable', 'notice', id] as const;
export const usePaymentNotice = (id: string) =>
  useQuery({ queryKey: paymentNoticeKey(id), queryFn: () => fetchPaymentNotice(id), enabled: /^\d+$/.test(id), retry: false });
