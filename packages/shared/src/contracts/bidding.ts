import { biddingRegisterRequest, checkUnitInfoRequest, powerOfAttorneyRequest } from '../schemas/registration';
import { download, registrationInfo, unitInfoCheck } from './answers';
import { defineContracts, post } from './define';

/** Public-bidding unit registration (/mining-register): power of attorney, signed scan, registration. */
export const biddingCalls = defineContracts(['公开招标单位注册'], {
  biddingCheckUnitInfo: {
    ...post.public,
    path: '/iep-auc/api/publicBidding/checkUnitinfo',
    ipLimit: 'lookup',
    writes: false,
    request: checkUnitInfoRequest,
    response: unitInfoCheck,
    summary: '校验单位账号、名称、统一社会信用代码是否可注册；resubmit：被驳回的注册',
  },
  powerOfAttorney: {
    ...download.public,
    path: '/iep-auc/api/publicBidding/downloadPowerOfAttorney',
    request: powerOfAttorneyRequest,
    summary: '下载填好单位信息的授权委托书（Word 文档）',
  },
  biddingRegister: {
    ...post.public,
    path: '/iep-auc/api/publicBidding/register',
    ipLimit: 'write',
    writes: true,
    request: biddingRegisterRequest,
    response: registrationInfo,
    summary: '提交公开招标单位注册（图形验证码；附已签章的授权委托书）',
  },
});

/** The same contracts under the name the server's modules read. */
export const biddingContracts = biddingCalls;
