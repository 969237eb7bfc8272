import { z } from 'zod';
import {
  FILING_STATES,
  INSURED_STATUSES,
  TRANSFER_STATES,
  cardChangeRequest,
  cardCodeRequest,
  filingApplyRequest,
  filingListRequest,
  insuredStatusExportRequest,
  insuredStatusListRequest,
  opsFilingListRequest,
  opsRefRequest,
  opsReturnRequest,
  opsTransferListRequest,
  phoneChangeRequest,
  phoneCodeRequest,
  transferListRequest,
  transferOutRequest,
  transferRefRequest,
  transferReturnRequest,
  transferUnitSearchRequest,
} from '../schemas/personal';
import { fileBytes, maskedPhone, pageOf } from './answers';
import { personalCalls } from './calls/personal';
import { contractsOf, type SchemaMap } from './define';

const coverage = z.strictObject({
  year: z.number().int(),
  periodName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  shares: z.number().int(),
  unitName: z.string(),
  coveredFrom: z.string().describe('保障起始日期'),
  coveredTo: z.string().describe('保障截止日期（互助期末）'),
  waitingEnd: z.string().nullable().describe('等待期截止日期（续保无等待期：null）'),
  state: z.enum(['waiting', 'covered', 'ended']),
  stateLabel: z.string(),
});

const personalInfo = z.strictObject({
  name: z.string(),
  certNo: z.string().describe('脱敏证件号码'),
  gender: z.string(),
  birthDate: z.string().nullable(),
  phone: z.string().describe('脱敏手机号码；未登记为空'),
  unitName: z.string().nullable().describe('当前所在单位；无：null'),
  joinedOn: z.string().nullable(),
  insured: z.boolean(),
  bankName: z.string().nullable(),
  bankCard: z.string().describe('脱敏银行卡号；未登记为空'),
  coverages: z.array(coverage),
});

const transferItem = z.strictObject({
  id: z.number().int(),
  personName: z.string(),
  certNo: z.string(),
  fromUnitName: z.string(),
  toUnitName: z.string(),
  toUscc: z.string(),
  transferDate: z.string(),
  periodYear: z.number().int(),
  state: z.enum(TRANSFER_STATES),
  stateLabel: z.string(),
  reason: z.string().nullable(),
  returnReason: z.string().nullable(),
  createdAt: z.string(),
  /** What the caller may do now. */
  canCancel: z.boolean(),
  canReceive: z.boolean(),
});

const filingItem = z.strictObject({
  id: z.number().int(),
  personName: z.string(),
  certNo: z.string(),
  unitName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  hospitalName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  reason: z.string(),
  state: z.enum(FILING_STATES),
  stateLabel: z.string(),
  filedBy: z.enum(['unit', 'personal']),
  returnReason: z.string().nullable(),
  createdAt: z.string(),
});

const staffOption = z.strictObject({ staffId: z.number().int(), name: z.string(), certNo: z.string() });

const statusItem = z.strictObject({
  staffId: z.number().int(),
  name: z.string(),
  certNo: z.string(),
  gender: z.string(),
  status: z.enum(INSURED_STATUSES),
  statusLabel: z.string(),
  since: z.string().nullable(),
  joinedOn: z.string(),
});

const opsTransfer = transferItem.omit({ canCancel: true, canReceive: true }).extend({ fromUact: z.string(), toUact: z.string() });
const opsFiling = filingItem.extend({ uact: z.string() });

export const personalSchemas = {
  personalInfo: {
    response: personalInfo,
    summary: '个人基本信息：姓名、脱敏证件号码、单位、各互助期各险种保障（份数、起止、等待期）、银行卡、手机',
  },
  personalPhoneCode: {
    request: phoneCodeRequest,
    response: maskedPhone,
    summary: '更换手机号码：向新手机号码发送验证码（图形验证码；按IP、按号码、按人限次）',
  },
  personalPhoneChange: {
    request: phoneChangeRequest,
    response: maskedPhone,
    summary: '更换手机号码：校验新号码收到的验证码后更换（一次有效），审计并发站内信',
  },
  personalCardCode: { request: cardCodeRequest, response: maskedPhone, summary: '变更银行卡：向登记的手机号码发送验证码' },
  personalCardChange: {
    request: cardChangeRequest,
    response: z.strictObject({ bankName: z.string(), bankCard: z.string() }),
    summary: '变更银行卡（开户银行、卡号；短信验证码确认）：未发放的待遇发往新卡',
  },
  transferUnitSearch: {
    request: transferUnitSearchRequest,
    response: z.strictObject({ list: z.array(z.strictObject({ empName: z.string(), uscc: z.string(), insured: z.boolean() })) }),
    summary: '关系转出：按统一社会信用代码或名称查找转入单位（最多10个）',
  },
  transferStaffOptions: { response: z.strictObject({ list: z.array(staffOption) }), summary: '关系转出：本单位当前互助期有保障的在职人员' },
  transferOutApply: {
    request: transferOutRequest,
    response: transferItem,
    summary: '关系转出申请：转入单位、转移日期（当前互助期内），状态待转入确认',
  },
  transferOutCancel: { request: transferRefRequest, response: transferItem, summary: '撤销关系转出（转入单位确认前）' },
  transferList: {
    request: transferListRequest,
    response: pageOf(transferItem),
    summary: '关系转出（本单位转出的）或关系转入（转入本单位的）申请列表',
  },
  transferReceive: { request: transferRefRequest, response: transferItem, summary: '关系转入：确认接收，转市总工会审核' },
  transferReturn: { request: transferReturnRequest, response: transferItem, summary: '关系转入：退回（写明原因）' },
  filingStaffOptions: { response: z.strictObject({ list: z.array(staffOption) }), summary: '异地就医备案：本单位有保障的在职人员' },
  filingApply: {
    request: filingApplyRequest,
    response: filingItem,
    summary: '异地就医备案：就医地、医院、起止日期、原因（单位为职工、职工为本人）',
  },
  filingList: { request: filingListRequest, response: pageOf(filingItem), summary: '异地就医备案列表（单位：本单位职工的；个人：本人的）' },
  insuredStatusList: {
    request: insuredStatusListRequest,
    response: pageOf(statusItem),
    summary: '医保参保状态查询：本单位职工在医保参保登记中的状态',
  },
  insuredStatusExport: { request: insuredStatusExportRequest, response: fileBytes, summary: '导出医保参保状态（Excel）' },
  opsTransferList: {
    request: opsTransferListRequest,
    response: z.strictObject({ list: z.array(opsTransfer) }),
    summary: '关系转移申请（默认待审核的）',
  },
  opsTransferConfirm: {
    request: opsRefRequest,
    response: opsTransfer,
    summary: '确认关系转移：保障自转移日期起转入新单位（不中断、不重复、无新等待期）',
  },
  opsTransferReturn: { request: opsReturnRequest, response: opsTransfer, summary: '退回关系转移（写明原因）' },
  opsFilingList: {
    request: opsFilingListRequest,
    response: z.strictObject({ list: z.array(opsFiling) }),
    summary: '异地就医备案（默认已提交的）',
  },
  opsFilingConfirm: { request: opsRefRequest, response: opsFiling, summary: '确认备案（已备案）' },
  opsFilingReturn: { request: opsReturnRequest, response: opsFiling, summary: '退回备案（写明原因）' },
} satisfies SchemaMap;

export const personalContracts = contractsOf(personalCalls, personalSchemas, ['个人信息与转移']);
