import { z } from 'zod';
import {
  checkUnitInfoRequest,
  completionRegInfoRequest,
  firstContactForOrgRequest,
  selectRegUserInfoRequest,
  unitRegisterRequest,
} from '../schemas/registration';
import { firstContact, registrationInfo, unitInfo, unitInfoCheck } from './answers';
import { defineContracts, get, post } from './define';

/** Unit registration (/register → /registerNext → /registerEnd) and /improveInfo. */
export const registrationCalls = defineContracts(['单位注册'], {
  queryFirstContact: {
    ...get.public,
    path: '/gob/web/dicts/queryFirstContact',
    writes: false,
    response: z.array(firstContact),
    summary: '可选的上级工会（一级 92/93 工会）',
  },
  queryFirstContactForOrg: {
    ...post.public,
    path: '/gob/web/dicts/queryFirstContactForOrg',
    writes: false,
    request: firstContactForOrgRequest,
    response: z.array(firstContact),
    summary: '按名称查找上级工会',
  },
  checkUnitInfo: {
    ...post.public,
    path: '/iep-auc/api/register/checkUnitinfo',
    ipLimit: 'lookup',
    writes: false,
    request: checkUnitInfoRequest,
    response: unitInfoCheck,
    summary: '校验单位账号、名称、统一社会信用代码是否可注册；resubmit：被驳回的注册（重新提交须原申请手机验证码）',
  },
  insertRegisterInfo: {
    ...post.public,
    path: '/iep-auc/api/registerService/insertRegisterInfo',
    ipLimit: 'write',
    writes: true,
    request: unitRegisterRequest,
    response: registrationInfo,
    summary: '提交单位注册（图形验证码；待市总工会审核；被驳回后重新提交须原申请手机验证码）',
  },
  selectRegUserInfo: {
    ...post.public,
    path: '/iep-auc/api/registerService/selectRegUserInfo',
    ipLimit: 'lookup',
    writes: false,
    request: selectRegUserInfoRequest,
    response: registrationInfo,
    summary: '查询注册审核结果（手机号脱敏）',
  },
  selectUnitInfo: {
    ...post.unit,
    path: '/iep-auc/api/registerService/selectUnitInfo',
    writes: false,
    response: unitInfo,
    summary: '本单位信息（完善信息页）',
  },
  completionRegInfo: {
    ...post.unit,
    path: '/iep-auc/api/registerService/completionRegInfo',
    writes: true,
    request: completionRegInfoRequest,
    response: unitInfo,
    summary: '完善单位信息（完成后登录不再提示 600067）',
  },
});

/** The same contracts under the name the server's modules read. */
export const registrationContracts = registrationCalls;
