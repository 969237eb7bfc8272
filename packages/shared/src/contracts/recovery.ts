import { z } from 'zod';
import { findBackPasswordRequest, resetPasswordRequest } from '../schemas/recovery';
import { bindEmailRequest } from '../schemas/sms';
import { nothing } from './answers';
import { recoveryCalls } from './calls/recovery';
import { contractsOf, type SchemaMap } from './define';

export const recoverySchemas = {
  findBackPassword: { request: findBackPasswordRequest, response: nothing, summary: '找回密码（预留手机号 + 短信验证码 find-password）' },
  resetPassword: { request: resetPasswordRequest, response: nothing, summary: '修改密码（需原密码；其他会话失效）' },
  bindEmail: { request: bindEmailRequest, response: z.strictObject({ email: z.string() }), summary: '绑定邮箱（邮箱验证码）' },
} satisfies SchemaMap;

export const recoveryContracts = contractsOf(recoveryCalls, recoverySchemas, ['密码与邮箱']);
