import type { FastifyInstance } from 'fastify';
import { CODE_VALIDITY, smsContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { maskEmail } from '../../lib/mask';
import { issueCode } from './codes.service';
import { sendMessage, sendToPhoneOnRecord } from './sms.service';

export async function smsRoutes(app: FastifyInstance) {
  const ctx = app.hall;

  registerCall(app, calls.sendMessage, (request) => sendMessage(ctx, request.body, request.ip));

  registerCall(app, calls.getPsnMobCode, (request) => sendToPhoneOnRecord(ctx, request.body, request.ip));

  registerCall(app, calls.sendEmailCode, async (request) => {
    const email = request.body.email.toLowerCase();
    await issueCode(ctx, { channel: 'email', target: email, purpose: 'bind-email' }, (code) => ({
      subject: `${ctx.config.cityName}总工会职工医疗互助网上服务大厅：邮箱验证码`,
      content: `您的邮箱验证码为${code}，${CODE_VALIDITY}。您正在绑定邮箱，如非本人操作请忽略本邮件。`,
    }));
    return { email: maskEmail(email) };
  });
}
