import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPath, bindEmailRequest, findBackPasswordRequest, resetPasswordRequest } from '@hall/shared';
import { bindEmail, findBackPassword, resetOwnPassword } from './recovery.service';

/** /findback-pwd (by SMS, before login), /restPwd and /bindEmail (logged in). */
export async function recoveryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = app.hall;
  const tags = ['密码与邮箱'];

  app.post(
    ApiPath.findBackPassword,
    { config: { access: 'public' }, schema: { tags, summary: '找回密码（预留手机号 + 短信验证码 find-password）', body: findBackPasswordRequest } },
    (request) => findBackPassword(ctx, request.body, request.ip),
  );

  app.post(
    ApiPath.resetPassword,
    { schema: { tags, summary: '修改密码（需原密码；其他会话失效）', body: resetPasswordRequest } },
    (request) => resetOwnPassword(ctx, request.caller!, request.body, request.ip),
  );

  app.post(ApiPath.bindEmail, { schema: { tags, summary: '绑定邮箱（邮箱验证码）', body: bindEmailRequest } }, (request) =>
    bindEmail(ctx, request.caller!, request.body, request.ip),
  );
}
