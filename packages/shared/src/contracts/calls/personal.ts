import { OpsPath } from '../../ops-paths';
import { PersonalPath } from '../../personal-paths';
import type { personalSchemas } from '../personal';
import { defineCalls } from '../define';

const operator = { method: 'POST', access: 'operator' } as const;

/** /personalInformationBase, the transfer pages (关系转出/转入, 异地就医备案, 参保状态查询) and their operator side. */
export const personalCalls = defineCalls<typeof personalSchemas>()({
  personalInfo: { method: 'POST', path: PersonalPath.personalInfo, access: 'personal', writes: false },
  personalPhoneCode: { method: 'POST', path: PersonalPath.personalPhoneCode, access: 'personal', ipLimit: 'send', writes: true },
  personalPhoneChange: { method: 'POST', path: PersonalPath.personalPhoneChange, access: 'personal', writes: true },
  personalCardCode: { method: 'POST', path: PersonalPath.personalCardCode, access: 'personal', ipLimit: 'send', writes: true },
  personalCardChange: { method: 'POST', path: PersonalPath.personalCardChange, access: 'personal', writes: true },
  transferUnitSearch: { method: 'POST', path: PersonalPath.transferUnitSearch, access: 'unit', writes: false },
  transferStaffOptions: { method: 'POST', path: PersonalPath.transferStaffOptions, access: 'unit', writes: false },
  transferOutApply: { method: 'POST', path: PersonalPath.transferOutApply, access: 'unit', writes: true },
  transferOutCancel: { method: 'POST', path: PersonalPath.transferOutCancel, access: 'unit', writes: true },
  transferList: { method: 'POST', path: PersonalPath.transferList, access: 'unit', writes: false },
  transferReceive: { method: 'POST', path: PersonalPath.transferReceive, access: 'unit', writes: true },
  transferReturn: { method: 'POST', path: PersonalPath.transferReturn, access: 'unit', writes: true },
  filingStaffOptions: { method: 'POST', path: PersonalPath.filingStaffOptions, access: 'unit', writes: false },
  filingApply: { method: 'POST', path: PersonalPath.filingApply, access: 'any', writes: true },
  filingList: { method: 'POST', path: PersonalPath.filingList, access: 'any', writes: false },
  insuredStatusList: { method: 'POST', path: PersonalPath.insuredStatusList, access: 'unit', writes: false },
  insuredStatusExport: { method: 'POST', path: PersonalPath.insuredStatusExport, access: 'unit', sealed: 'either', writes: false },
  opsTransferList: { ...operator, path: OpsPath.opsTransferList, writes: false },
  opsTransferConfirm: { ...operator, path: OpsPath.opsTransferConfirm, writes: true },
  opsTransferReturn: { ...operator, path: OpsPath.opsTransferReturn, writes: true },
  opsFilingList: { ...operator, path: OpsPath.opsFilingList, writes: false },
  opsFilingConfirm: { ...operator, path: OpsPath.opsFilingConfirm, writes: true },
  opsFilingReturn: { ...operator, path: OpsPath.opsFilingReturn, writes: true },
});
