import { z } from 'zod';
import {
  agentExistRequest,
  agentRegisterRequest,
  publicDicListRequest,
  realNameRequest,
  selectOpterMobInfoRequest,
} from '../schemas/agent';
import { dictEntry, maskedPhone } from './answers';
import { defineContracts, post } from './define';

/** Agent (经办人) registration and the real-name check, before login. */
export const agentCalls = defineContracts(['经办人注册'], {
  checkAgentExist: {
    ...post.public,
    path: '/iep-auc/api/register/checkAgentExistOrNot',
    ipLimit: 'lookup',
    writes: false,
    request: agentExistRequest,
    response: z.strictObject({ exists: z.boolean() }),
    summary: '证件号码是否已注册个人账号（图形验证码）',
  },
  agentRegister: {
    ...post.public,
    path: '/iep-auc/api/register/checkAgentInfoAndRegister',
    ipLimit: 'write',
    writes: true,
    request: agentRegisterRequest,
    response: z.strictObject({ certno: z.string(), name: z.string(), phone: z.string() }),
    summary: '经办人注册（短信验证码 agent-register；已登记人员须用登记手机号接收）',
  },
  selectOpterMobInfo: {
    ...post.public,
    path: '/iep-auc/api/registerService/selectOpterMobInfo',
    ipLimit: 'lookup',
    writes: false,
    request: selectOpterMobInfoRequest,
    response: maskedPhone,
    summary: '经办人预留手机号（脱敏；图形验证码）',
  },
  /** Logged in: a unit checks its own staff, a person themself (public, it told anyone who is who). */
  checkRealName: {
    ...post.any,
    path: '/hsa-iep-usc-emc/api/realName/checkRealName',
    ipLimit: 'lookup',
    writes: false,
    request: realNameRequest,
    response: z.strictObject({ matched: z.boolean() }),
    summary: '实名校验：本单位职工或本人的姓名与身份证号码是否一致（需登录）',
  },
  publicDicList: {
    ...post.public,
    path: '/usc/publicBusiness/getDiclist',
    writes: false,
    request: publicDicListRequest,
    response: z.array(dictEntry),
    summary: '查询一个类型的字典（同 listPubservSysDicList）',
  },
});

/** The same contracts under the name the server's modules read. */
export const agentContracts = agentCalls;
