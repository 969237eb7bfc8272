import { smsCalls } from '@hall/shared/contracts/sms.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import type { SmsPurpose } from '@hall/shared/schemas/sms.ts';
import { request } from './request';

/** The image captcha every send carries (the server refuses a send without it). */
export interface HumanProof {
  captchaId: string;
  captchaCode: string;
}

export type SentCode = CallData<typeof smsCalls.sendMessage>;

/**
 * sendMessage: a 6-digit code to a phone. For agent-register the certificate goes along: a person
 * the registry knows gets the code on the registry's phone (`onRecord`), not on the one typed.
 */
export const sendSmsCode = (phone: string, purpose: SmsPurpose, proof: HumanProof, certno?: string) =>
  request.call(smsCalls.sendMessage, { phone, purpose, certno, ...proof }).then((a) => a.data);

/**
 * getPsnMobCode: a code to the phone on record of an account. The server answers the same whether
 * or not the account exists (nothing to learn by asking), so the page can only say "if any".
 */
export const sendCodeToPhoneOnRecord = (certNo: string, loginType: 'unit' | 'personal', purpose: SmsPurpose, proof: HumanProof) =>
  request.call(smsCalls.getPsnMobCode, { certNo, purpose, loginType, ...proof }).then(() => undefined);
