import { useQuery } from '@tanstack/react-query';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type PersonalInfo = CallData<typeof personalCalls.personalInfo>;

/** personalInfo/queryOwn: the person's own record. */
export const fetchPersonalInfo = () => request.call(personalCalls.personalInfo).then((a) => a.data);
export const personalInfoKey = ['personal', 'info'] as const;
export const usePersonalInfo = () => useQuery({ queryKey: personalInfoKey, queryFn: fetchPersonalInfo });

export interface Proof {
  captchaId: string;
  captchaCode: string;
}

/** A code to the NEW phone (answers it masked). */
export const sendPhoneCode = (phone: string, proof: Proof) =>
  request.call(personalCalls.personalPhoneCode, { phone, ...proof }).then((a) => a.data.phone);
export const changePhone = (phone: string, code: string) =>
  request.call(personalCalls.personalPhoneChange, { phone, code }).then((a) => a.data);

/** A code to the phone on record, for the card change. */
export const sendCardCode = (proof: Proof) => request.call(personalCalls.personalCardCode, proof).then((a) => a.data.phone);
export const changeCard = (bankName: string, bankCard: string, code: string) =>
  request.call(personalCalls.personalCardChange, { bankName, bankCard, code }).then((a) => a.data);
