import { z } from 'zod';
import {
  agentExistRequest,
  agentRegisterRequest,
  publicDicListRequest,
  realNameRequest,
  selectOpterMobInfoRequest,
} from '../schemas/agent';
import { dictEntry, maskedPhone } from './answers';
import { agentCalls } from './calls/agent';
import { contractsOf, type SchemaMap } from './define';

export const agentSchemas = {
  checkAgentExist: {
    request: agentExistRequest,
    response: z.strictObject({ exists: z.boolean() }),
    summary: '证件号码是否已注册个人账号（图形验证码）',
  },
  agentRegister: {
    request: agentRegisterRequest,
    response: z.strictObject({ certno: z.string(), name: z.string(), phone: z.string() }),
    summary: '经办人注册（短信验证码 agent-register；已登记人员须用登记手机号接收）',
  },
  selectOpterMobInfo: { request: selectOpterMobInfoRequest, response: maskedPhone, summary: '经办人预留手机号（脱敏；图形验证码）' },
  checkRealName: {
    request: realNameRequest,
    response: z.strictObject({ matched: z.boolean() }),
    summary: '实名校验：本单位职工或本人的姓名与身份证号码是否一致（需登录）',
  },
  publicDicList: { request: publicDicListRequest, response: z.array(dictEntry), summary: '查询一个类型的字典（同 listPubservSysDicList）' },
} satisfies SchemaMap;

export const agentContracts = contractsOf(agentCalls, agentSchemas, ['经办人注册']);
