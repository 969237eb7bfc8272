import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPath, biddingRegisterRequest, checkUnitInfoRequest, powerOfAttorneyRequest } from '@hall/shared';
import { sendAttachment } from '../../lib/attachment';
import { cleanFileName } from '../files/file-type';
import { DOCX_MIME, powerOfAttorney } from './power-of-attorney';
import { checkUnitInfo, submitRegistration } from './registration.service';

/** Public-bidding unit registration (/mining-register): power of attorney, signed scan, registration. */
export async function biddingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = app.hall;
  const tags = ['公开招标单位注册'];
  const pub = { access: 'public' as const };

  app.post(
    ApiPath.biddingCheckUnitInfo,
    { config: pub, schema: { tags, summary: '校验单位账号、名称、统一社会信用代码是否可注册', body: checkUnitInfoRequest } },
    (request) => checkUnitInfo(ctx, request.body),
  );

  app.post(
    ApiPath.powerOfAttorney,
    {
      config: { access: 'public', sealed: 'either' },
      schema: { tags, summary: '下载填好单位信息的授权委托书（Word 文档）', body: powerOfAttorneyRequest },
    },
    async (request, reply) => {
      const bytes = await powerOfAttorney(request.body, ctx.config.cityName, ctx.clock.now());
      return sendAttachment(reply, cleanFileName(`授权委托书-${request.body.empName}.docx`), DOCX_MIME, bytes);
    },
  );

  app.post(
    ApiPath.biddingRegister,
    { config: pub, schema: { tags, summary: '提交公开招标单位注册（附已签章的授权委托书）', body: biddingRegisterRequest } },
    (request) => submitRegistration(ctx, { kind: 'bidding', input: request.body }, request.ip),
  );
}
