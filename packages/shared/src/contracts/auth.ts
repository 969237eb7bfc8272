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
import { defineContracts, get, post } from './define';

const unitLoginAnswer = tokenPair.extend({ user: unitUser });

export const authCalls = defineContracts(['认证'], {
  captcha: {
    ...get.public,
    path: '/iep-auc/auc/captcha/verifiCode',
    writes: false,
    response: z.strictObject(captchaAnswer.shape),
    summary: '图形验证码（单次有效，2 分钟）',
  },
  unitLogin: {
    ...post.public,
    path: '/iep-auc/auc/login',
    writes: true,
    request: unitLoginRequest,
    response: unitLoginAnswer,
    summary: '单位登录（单位信息不完整时 code 600067，data 同样带令牌）',
  },
  personalLogin: {
    ...post.public,
    path: '/iep-auc/auc/psnLogin/getPsnLoginInfo',
    writes: true,
    request: personalLoginRequest,
    response: tokenPair.extend({ user: personUser }),
    summary: '个人登录',
  },
  userLogin: {
    ...post.public,
    path: '/user/login',
    writes: true,
    request: userLoginRequest,
    response: unitLoginAnswer.extend({ token: z.string() }),
    summary: '登录（单位账号的通用入口）',
  },
  userInfo: {
    ...get.any,
    path: '/user/info',
    writes: false,
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
  userLogout: {
    ...post.any,
    path: '/user/logout',
    writes: true,
    response: nothing,
    summary: '退出登录',
  },
  unitLogout: {
    ...get.unit,
    path: '/iep-auc/auc/logout',
    writes: true,
    response: nothing,
    summary: '单位退出登录',
  },
  personalLogout: {
    ...get.personal,
    path: '/iep-auc/auc/psnLogin/logout',
    writes: true,
    response: nothing,
    summary: '个人退出登录',
  },
  refreshToken: {
    ...post.public,
    path: '/has-pss-cw-local-dlc/pss/web/empUser/refreshAccessToken',
    sealed: false,
    writes: true,
    response: tokenPair,
    summary: `刷新令牌（请求头 ${REFRESH_TOKEN_HEADER}，空请求体）`,
  },
  updatePassword: {
    ...post.any,
    path: '/iep-auc/api/registerService/updatePassword',
    writes: true,
    request: updatePasswordRequest,
    response: nothing,
    summary: '修改登录密码',
  },
});

/** The same contracts under the name the server's modules read. */
export const authContracts = authCalls;
