import { useQuery } from '@tanstack/react-query';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

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
const changePhone = (input: CallInput<typeof personalCalls.personalPhoneChange>) =>
  request.call(personalCalls.personalPhoneChange, input).then((a) => a.data);
export const useChangePhone = () => useChange(changePhone, [personalInfoKey]);

/** A code to the phone on record, for the card change. */
export const sendCardCode = (proof: Proof) => request.call(personalCalls.personalCardCode, proof).then((a) => a.data.phone);
const changeCard = (input: CallInput<typeof personalCalls.personalCardChange>) =>
  request.call(personalCalls.personalCardChange, input).then((a) => a.data);
export const useChangeCard = () => useChange(changeCard, [personalInfoKey]);
