import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentExistRequest, agentRegisterRequest, ApiPath, publicDicListRequest, realNameRequest, selectOpterMobInfoRequest } from '@hall/shared';
import { entriesOfType } from '../dict/dict.service';
import { agentExists, agentMobile, checkRealName, registerAgent } from './agent.service';

/** Agent (经办人) registration and the real-name check, before login. */
export async function agentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = app.hall;
  const tags = ['经办人注册'];
  const pub = { access: 'public' as const };

  app.post(
    ApiPath.checkAgentExist,
    { config: pub, schema: { tags, summary: '证件号码是否已注册个人账号', body: agentExistRequest } },
    (request) => agentExists(ctx, request.body.certType, request.body.certno),
  );

  app.post(
    ApiPath.agentRegister,
    { config: pub, schema: { tags, summary: '经办人注册（短信验证码 agent-register）', body: agentRegisterRequest } },
    (request) => registerAgent(ctx, request.body, request.ip),
  );

  app.post(
    ApiPath.selectOpterMobInfo,
    { config: pub, schema: { tags, summary: '经办人预留手机号（脱敏）', body: selectOpterMobInfoRequest } },
    (request) => agentMobile(ctx, request.body.certno),
  );

  app.post(
    ApiPath.checkRealName,
    { config: pub, schema: { tags, summary: '实名校验：姓名与身份证号码是否一致', body: realNameRequest } },
    (request) => checkRealName(ctx, request.body),
  );

  app.post(
    ApiPath.publicDicList,
    { config: pub, schema: { tags, summary: '查询一个类型的字典（同 listPubservSysDicList）', body: publicDicListRequest } },
    (request) => entriesOfType(ctx.db, request.body.type),
  );
}
