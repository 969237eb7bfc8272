import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiPath,
  checkUnitInfoRequest,
  completionRegInfoRequest,
  firstContactForOrgRequest,
  selectRegUserInfoRequest,
  unitRegisterRequest,
} from '@hall/shared';
import { checkUnitInfo, firstContacts, registrationInfo, submitRegistration } from './registration.service';
import { completeUnitInfo, unitInfo } from './unit-info.service';

/** Unit registration (/register → /registerNext → /registerEnd) and /improveInfo. */
export async function registrationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = app.hall;
  const tags = ['单位注册'];
  const pub = { access: 'public' as const };

  app.get(ApiPath.queryFirstContact, { config: pub, schema: { tags, summary: '可选的上级工会（一级 92/93 工会）' } }, () => firstContacts(ctx));

  app.post(
    ApiPath.queryFirstContactForOrg,
    { config: pub, schema: { tags, summary: '按名称查找上级工会', body: firstContactForOrgRequest } },
    (request) => firstContacts(ctx, request.body.empName),
  );

  app.post(
    ApiPath.checkUnitInfo,
    { config: pub, schema: { tags, summary: '校验单位账号、名称、统一社会信用代码是否可注册', body: checkUnitInfoRequest } },
    (request) => checkUnitInfo(ctx, request.body),
  );

  app.post(
    ApiPath.insertRegisterInfo,
    { config: pub, schema: { tags, summary: '提交单位注册（待市总工会审核）', body: unitRegisterRequest } },
    (request) => submitRegistration(ctx, { kind: 'unit', input: request.body }, request.ip),
  );

  app.post(
    ApiPath.selectRegUserInfo,
    { config: pub, schema: { tags, summary: '查询注册审核结果（手机号脱敏）', body: selectRegUserInfoRequest } },
    (request) => registrationInfo(ctx, request.body.empUact),
  );

  app.post(ApiPath.selectUnitInfo, { config: { access: 'unit' }, schema: { tags, summary: '本单位信息（完善信息页）' } }, (request) =>
    unitInfo(ctx, request.caller!),
  );

  app.post(
    ApiPath.completionRegInfo,
    { config: { access: 'unit' }, schema: { tags, summary: '完善单位信息（完成后登录不再提示 600067）', body: completionRegInfoRequest } },
    (request) => completeUnitInfo(ctx, request.caller!, request.body),
  );
}
