import { biddingRegisterRequest, checkUnitInfoRequest, powerOfAttorneyRequest } from '../schemas/registration';
import { fileBytes, registrationInfo, unitInfoCheck } from './answers';
import { biddingCalls } from './calls/bidding';
import { contractsOf, type SchemaMap } from './define';

export const biddingSchemas = {
  biddingCheckUnitInfo: {
    request: checkUnitInfoRequest,
    response: unitInfoCheck,
    summary: '校验单位账号、名称、统一社会信用代码是否可注册；resubmit：被驳回的注册',
  },
  powerOfAttorney: { request: powerOfAttorneyRequest, response: fileBytes, summary: '下载填好单位信息的授权委托书（Word 文档）' },
  biddingRegister: {
    request: biddingRegisterRequest,
    response: registrationInfo,
    summary: '提交公开招标单位注册（图形验证码；附已签章的授权委托书）',
  },
} satisfies SchemaMap;

export const biddingContracts = contractsOf(biddingCalls, biddingSchemas, ['公开招标单位注册']);
