import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPath, getPsnMobCodeRequest, sendEmailCodeRequest, sendMessageRequest, SMS_PURPOSE_LABELS, type SmsPurpose } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { maskEmail, maskPhone } from '../../lib/mask';
import type { HallContext } from '../../types';
import { issueCode } from './codes.service';
import { phoneOnRecord } from './phones.repository';

/** The text of a code message, signed with the city union's name as Chinese SMS must be. */
export const smsText = (ctx: HallContext, purpose: SmsPurpose) => (code: string) => ({
  content: `【${ctx.config.cityName}总工会】验证码${code}，您正在进行${SMS_PURPOSE_LABELS[purpose]}，5分钟内有效，请勿泄露给他人。`,
});

export async function smsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = app.hall;
  const tags = ['短信与邮件验证码'];
  const pub = { access: 'public' as const };

  app.post(
    ApiPath.sendMessage,
    { config: pub, schema: { tags, summary: '发送短信验证码（6 位，5 分钟，每号码每分钟 1 条、每天 10 条）', body: sendMessageRequest } },
    async (request) => {
      const { phone, purpose } = request.body;
      await issueCode(ctx, { channel: 'sms', target: phone, purpose }, smsText(ctx, purpose));
      return { phone: maskPhone(phone) };
    },
  );

  app.post(
    ApiPath.getPsnMobCode,
    { config: pub, schema: { tags, summary: '向账号预留手机号发送验证码，返回脱敏号码', body: getPsnMobCodeRequest } },
    async (request) => {
      const { certNo, purpose, loginType } = request.body;
      const record = await phoneOnRecord(ctx.db, loginType, certNo);
      if (!record?.phone) throw refuse('未查询到该账号预留的手机号码，请联系所在单位或市总工会');
      await issueCode(ctx, { channel: 'sms', target: record.phone, purpose }, smsText(ctx, purpose));
      return { phone: maskPhone(record.phone) };
    },
  );

  app.post(
    ApiPath.sendEmailCode,
    { schema: { tags, summary: '发送邮箱验证码（绑定邮箱）', body: sendEmailCodeRequest } },
    async (request) => {
      const email = request.body.email.toLowerCase();
      await issueCode(ctx, { channel: 'email', target: email, purpose: 'bind-email' }, (code) => ({
        subject: `${ctx.config.cityName}总工会职工医疗互助网上服务大厅：邮箱验证码`,
        content: `您的邮箱验证码为${code}，5分钟内有效。您正在绑定邮箱，如非本人操作请忽略本邮件。`,
      }));
      return { email: maskEmail(email) };
    },
  );
}
