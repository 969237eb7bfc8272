import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiPath,
  personalLoginRequest,
  REFRESH_TOKEN_HEADER,
  unitLoginRequest,
  updatePasswordRequest,
  userLoginRequest,
  type UserInfo,
} from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import type { Caller } from '../../types';
import { issueCaptcha } from './captcha.service';
import { loginPersonal, loginUnit } from './login.service';
import { changePassword } from './password.service';
import { closeSession, refresh } from './session.service';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const tags = ['认证'];

export function userInfoOf(caller: Caller): UserInfo {
  if (caller.unit) {
    const u = caller.unit;
    return {
      loginType: 'unit',
      name: u.empName,
      avatar: '',
      roles: ['unit', `level-${u.level}`, ...(u.uniType ? [`uni-${u.uniType}`] : [])],
      insured: u.insured,
      unit: { uact: u.uact, psnName: u.empName, uactLevel: u.level, uniType: u.uniType ?? '' },
    };
  }
  const p = caller.person!;
  return { loginType: 'personal', name: p.name, avatar: '', roles: ['personal'], insured: p.insured, person: { certNo: p.certNo, name: p.name } };
}

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = app.hall;
  const pub = { access: 'public' as const };

  app.get(ApiPath.captcha, { config: pub, schema: { tags, summary: '图形验证码（单次有效，2 分钟）' } }, () => issueCaptcha(ctx));

  app.post(ApiPath.unitLogin, { config: pub, schema: { tags, summary: '单位登录', body: unitLoginRequest } }, (request) =>
    loginUnit(ctx, request.body, meta(request)),
  );

  app.post(ApiPath.personalLogin, { config: pub, schema: { tags, summary: '个人登录', body: personalLoginRequest } }, (request) =>
    loginPersonal(ctx, request.body, meta(request)),
  );

  app.post(ApiPath.userLogin, { config: pub, schema: { tags, summary: '登录（单位账号的通用入口）', body: userLoginRequest } }, async (request) => {
    const { username, ...rest } = request.body;
    const answer = await loginUnit(ctx, { uact: username, ...rest }, meta(request));
    return { token: answer.accessToken, ...answer };
  });

  app.get(ApiPath.userInfo, { schema: { tags, summary: '当前用户信息' } }, (request) => userInfoOf(request.caller!));

  const logout = async (request: FastifyRequest) => {
    await closeSession(ctx, request.caller!, request.ip);
    return null;
  };
  app.post(ApiPath.userLogout, { schema: { tags, summary: '退出登录' } }, logout);
  app.get(ApiPath.unitLogout, { config: { access: 'unit' }, schema: { tags, summary: '单位退出登录' } }, logout);
  app.get(ApiPath.personalLogout, { config: { access: 'personal' }, schema: { tags, summary: '个人退出登录' } }, logout);

  app.post(
    ApiPath.refreshToken,
    { config: { access: 'public', sealed: false }, schema: { tags, summary: `刷新令牌（请求头 ${REFRESH_TOKEN_HEADER}，空请求体）` } },
    (request) => {
      const header = request.headers[REFRESH_TOKEN_HEADER];
      return refresh(ctx, Array.isArray(header) ? header[0] : header, meta(request));
    },
  );

  app.post(ApiPath.updatePassword, { schema: { tags, summary: '修改登录密码', body: updatePasswordRequest } }, async (request) => {
    const caller = request.caller!;
    if (!request.body.pwd) throw refuse('新登录密码不能为空');
    await changePassword(ctx, caller, request.body.uact, request.body.pwd, request.ip);
    return null;
  });
}
