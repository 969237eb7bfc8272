import { z } from 'zod';
import { findBackPasswordRequest, resetPasswordRequest } from '../schemas/recovery';
import { bindEmailRequest } from '../schemas/sms';
import { nothing } from './answers';
import { defineContracts, post } from './define';

/** /findback-pwd (by SMS, before login), /restPwd and /bindEmail (logged in). */
export const recoveryCalls = defineContracts(['密码与邮箱'], {
  findBackPassword: {
    ...post.public,
    path: '/iep-auc/api/registerService/findBackPassword',
    ipLimit: 'write',
    writes: true,
    request: findBackPasswordRequest,
    response: nothing,
    summary: '找回密码（预留手机号 + 短信验证码 find-password）',
  },
  resetPassword: {
    ...post.any,
    path: '/iep-auc/api/registerService/resetPassword',
    writes: true,
    request: resetPasswordRequest,
    response: nothing,
    summary: '修改密码（需原密码；其他会话失效）',
  },
  bindEmail: {
    ...post.any,
    path: '/iep-auc/api/registerService/bindEmail',
    writes: true,
    request: bindEmailRequest,
    response: z.strictObject({ email: z.string() }),
    summary: '绑定邮箱（邮箱验证码）',
  },
});

/** The same contracts under the name the server's modules read. */
export const recoveryContracts = recoveryCalls;
