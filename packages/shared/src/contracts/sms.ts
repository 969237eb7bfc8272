import { z } from 'zod';
import { getPsnMobCodeRequest, sendEmailCodeRequest, sendMessageRequest } from '../schemas/sms';
import { defineContracts, post } from './define';

export const smsCalls = defineContracts(['短信与邮件验证码'], {
  sendMessage: {
    ...post.public,
    path: '/gob/api/messagePublic/sendMessage',
    ipLimit: 'send',
    writes: true,
    request: sendMessageRequest,
    response: z.strictObject({ phone: z.string(), onRecord: z.boolean() }),
    summary:
      '发送短信验证码（图形验证码；6 位，5 分钟，每号码每分钟 1 条、每天 10 条，每 IP 每小时 20 条；已登记人员的经办人注册码发往登记手机号）',
  },
  getPsnMobCode: {
    ...post.public,
    path: '/gob/api/messagePublic/getPsnMobCode',
    ipLimit: 'send',
    writes: true,
    request: getPsnMobCodeRequest,
    response: z.null(),
    summary: '向账号预留手机号发送验证码（图形验证码；账号是否存在，应答相同）',
  },
  sendEmailCode: {
    ...post.any,
    path: '/gob/api/messagePublic/sendEmailCode',
    ipLimit: 'send',
    writes: true,
    request: sendEmailCodeRequest,
    response: z.strictObject({ email: z.string() }),
    summary: '发送邮箱验证码（绑定邮箱）',
  },
});

/** The same contracts under the name the server's modules read. */
export const smsContracts = smsCalls;
