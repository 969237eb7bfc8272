import { z } from 'zod';
import {
  captchaAnswer,
  personalLoginRequest,
  REFRESH_TOKEN_HEADER,
  unitLoginRequest,
  updatePasswordRequest,
  userLoginRequest,
} from '../schemas/auth';
import { nothing, personUser, tokenPair, unitUser } from './answers';
import { authCalls } from './calls/auth';
import { contractsOf, type SchemaMap } from './define';

const unitLoginAnswer = tokenPair.extend({ user: unitUser });

export const authSchemas = {
  captcha: { response: z.strictObject(captchaAnswer.shape), summary: '图形验证码（单次有效，2 分钟）' },
  unitLogin: { request: unitLoginRequest, response: unitLoginAnswer, summary: '单位登录（单位信息不完整时 code 600067，data 同样带令牌）' },
  personalLogin: { request: personalLoginRequest, response: tokenPair.extend({ user: personUser }), summary: '个人登录' },
  userLogin: { request: userLoginRequest, response: unitLoginAnswer.extend({ token: z.string() }), summary: '登录（单位账号的通用入口）' },
  userInfo: {
    response: z.strictObject({
      loginType: z.enum(['unit', 'personal']),
      name: z.string(),
      avatar: z.string(),
      roles: z.array(z.string()),
      insured: z.boolean().describe('有有效的医保参保登记（needInsured 页面）'),
      unit: unitUser.optional(),
      person: personUser.optional(),
      readOnly: z.boolean().optional().describe('已解除授权的分会：本单位业务由上级工会代为办理，业务页面只读'),
      mustChangePassword: z.boolean().optional().describe('上级工会开设的账号首次登录：须先修改初始密码'),
    }),
    summary: '当前用户信息',
  },
  userLogout: { response: nothing, summary: '退出登录' },
  unitLogout: { response: nothing, summary: '单位退出登录' },
  personalLogout: { response: nothing, summary: '个人退出登录' },
  refreshToken: { response: tokenPair, summary: `刷新令牌（请求头 ${REFRESH_TOKEN_HEADER}，空请求体）` },
  updatePassword: { request: updatePasswordRequest, response: nothing, summary: '修改登录密码' },
} satisfies SchemaMap;

export const authContracts = contractsOf(authCalls, authSchemas, ['认证']);
