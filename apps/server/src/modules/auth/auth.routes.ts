import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authContracts as calls, REFRESH_TOKEN_HEADER, type UserInfo } from '@hall/shared';
import { registerCall } from '../../lib/route';
import type { Caller } from '../../types';
import { issueCaptcha } from './captcha.service';
import { loginPersonal, loginUnit } from './login.service';
import { changePassword } from './password.service';
import { closeSession, refresh } from './session.service';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

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
      // Issue 10: a released branch's business pages are read-only; a union-given first password must be changed.
      ...(u.level === 2 && u.authState === '2' ? { readOnly: true } : {}),
      ...(caller.mustChangePassword ? { mustChangePassword: true } : {}),
    };
  }
  const p = caller.person;
  return {
    loginType: 'personal',
    name: p.name,
    avatar: '',
    roles: ['personal'],
    insured: p.insured,
    person: { certNo: p.certNo, name: p.name },
  };
}

export async function authRoutes(app: FastifyInstance) {
  const ctx = app.hall;

  registerCall(app, calls.captcha, () => issueCaptcha(ctx));

  registerCall(app, calls.unitLogin, (request) => loginUnit(ctx, request.body, meta(request)));

  registerCall(app, calls.personalLogin, (request) => loginPersonal(ctx, request.body, meta(request)));

  registerCall(app, calls.userLogin, async (request) => {
    const { username, ...rest } = request.body;
    const answer = await loginUnit(ctx, { uact: username, ...rest }, meta(request));
    return { token: answer.accessToken, ...answer };
  });

  registerCall(app, calls.userInfo, (request) => userInfoOf(request.caller));

  const logout = async (request: FastifyRequest & { caller: Caller }) => {
    await closeSession(ctx, request.caller, request.ip);
    return null;
  };
  registerCall(app, calls.userLogout, logout);
  registerCall(app, calls.unitLogout, logout);
  registerCall(app, calls.personalLogout, logout);

  registerCall(app, calls.refreshToken, (request) => {
    const header = request.headers[REFRESH_TOKEN_HEADER];
    return refresh(ctx, Array.isArray(header) ? header[0] : header, meta(request));
  });

  registerCall(app, calls.updatePassword, (request) => changePassword(ctx, request.caller, request.body, request.ip));
}
