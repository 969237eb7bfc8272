import { CODE_VALIDITY, SMS_PURPOSE_LABELS, type SentCode, type SmsPurpose } from '@hall/shared';
import { audit } from '../../lib/audit';
import { HallError } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import type { HallContext } from '../../types';
import { checkCaptcha } from '../auth/captcha.service';
import { issueCode } from './codes.service';
import { phoneOnRecord, registryPhone } from './phones.repository';
import { signedSms } from './signature';

/**
 * The text of a code message, signed with the city union's name as Chinese SMS must be (signature.ts). It holds
 * nothing a user typed (a unit name in an SMS is a phishing carrier): the code and the purpose only.
 */
export const smsText = (ctx: HallContext, purpose: SmsPurpose) => (code: string) => ({
  content: signedSms(ctx.config.cityName, `验证码${code}，您正在进行${SMS_PURPOSE_LABELS[purpose]}，${CODE_VALIDITY}，请勿泄露给他人。`),
});

async function sendSms(ctx: HallContext, phone: string, purpose: SmsPurpose, ip?: string) {
  await issueCode(ctx, { channel: 'sms', target: phone, purpose }, smsText(ctx, purpose));
  await audit(ctx.db, ctx.clock.now(), {
    actorKind: 'anonymous',
    actorKey: maskPhone(phone),
    action: 'code-sent',
    detail: { purpose },
    ip,
  });
}

/**
 * sendMessage: a code to a phone, after a captcha. For an agent registration of a person the
 * registry knows, the code goes to the phone the registry holds (proof of being that person),
 * whatever phone was typed; the answer says where it went.
 */
export async function sendMessage(
  ctx: HallContext,
  input: { phone: string; purpose: SmsPurpose; certno?: string; captchaId: string; captchaCode: string },
  ip?: string,
): Promise<SentCode> {
  await checkCaptcha(ctx, input.captchaId, input.captchaCode);
  let phone = input.phone;
  let onRecord = false;
  if (input.purpose === 'agent-register' && input.certno) {
    const known = await registryPhone(ctx.db, input.certno.toUpperCase());
    if (known) {
      // A known person without a mobile on record cannot prove anything here: the registration
      // will be refused (agent.service), so no code is sent at all.
      if (!known.phone) return { phone: '', onRecord: true };
      phone = known.phone;
      onRecord = true;
    }
  }
  await sendSms(ctx, phone, input.purpose, ip);
  return { phone: maskPhone(phone), onRecord };
}

/**
 * getPsnMobCode: a code to the phone on record of an account, after a captcha. The answer is the
 * same whether or not the account exists or has a phone (nothing to learn by asking); the page
 * says the code went to the phone on record, if there is one.
 */
export async function sendToPhoneOnRecord(
  ctx: HallContext,
  input: { certNo: string; purpose: SmsPurpose; loginType: 'unit' | 'personal'; captchaId: string; captchaCode: string },
  ip?: string,
): Promise<null> {
  await checkCaptcha(ctx, input.captchaId, input.captchaCode);
  const loginName = input.loginType === 'personal' ? input.certNo.toUpperCase() : input.certNo;
  const record = await phoneOnRecord(ctx.db, input.loginType, loginName);
  // A limit reached (发送过于频繁…) would tell that the account exists: the answer stays the same.
  if (record?.phone)
    await sendSms(ctx, record.phone, input.purpose, ip).catch((error) => {
      if (!(error instanceof HallError)) throw error;
    });
  return null;
}
