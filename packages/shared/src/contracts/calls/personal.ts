import { OpsPath } from '../../ops-paths';
import { PersonalPath } from '../../personal-paths';
import type { personalSchemas } from '../personal';
import { defineCalls } from '../define';

const operator = { method: 'POST', access: 'operator' } as const;

/** /personalInformationBase, the transfer pages (关系转出/转入, 异地就医备案, 参保状态查询) and their operator side. */
export const personalCalls = defineCalls<typeof personalSchemas>({
  personalInfo: { method: 'POST', path: PersonalPath.personalInfo, access: 'personal' },
  personalPhoneCode: { method: 'POST', path: PersonalPath.personalPhoneCode, access: 'personal', ipLimit: 'send' },
  personalPhoneChange: { method: 'POST', path: PersonalPath.personalPhoneChange, access: 'personal' },
  personalCardCode: { method: 'POST', path: PersonalPath.personalCardCode, access: 'personal', ipLimit: 'send' },
  personalCardChange: { method: 'POST', path: PersonalPath.personalCardChange, access: 'personal' },
  transferUnitSearch: { method: 'POST', path: PersonalPath.transferUnitSearch, access: 'unit' },
  transferStaffOptions: { method: 'POST', path: PersonalPath.transferStaffOptions, access: 'unit' },
  transferOutApply: { method: 'POST', path: PersonalPath.transferOutApply, access: 'unit' },
  transferOutCancel: { method: 'POST', path: PersonalPath.transferOutCancel, access: 'unit' },
  transferList: { method: 'POST', path: PersonalPath.transferList, access: 'unit' },
  transferReceive: { method: 'POST', path: PersonalPath.transferReceive, access: 'unit' },
  transferReturn: { method: 'POST', path: PersonalPath.transferReturn, access: 'unit' },
  filingStaffOptions: { method: 'POST', path: PersonalPath.filingStaffOptions, access: 'unit' },
  filingApply: { method: 'POST', path: PersonalPath.filingApply, access: 'any' },
  filingList: { method: 'POST', path: PersonalPath.filingList, access: 'any' },
  insuredStatusList: { method: 'POST', path: PersonalPath.insuredStatusList, access: 'unit' },
  insuredStatusExport: { method: 'POST', path: PersonalPath.insuredStatusExport, access: 'unit', sealed: 'either' },
  opsTransferList: { ...operator, path: OpsPath.opsTransferList },
  opsTransferConfirm: { ...operator, path: OpsPath.opsTransferConfirm },
  opsTransferReturn: { ...operator, path: OpsPath.opsTransferReturn },
  opsFilingList: { ...operator, path: OpsPath.opsFilingList },
  opsFilingConfirm: { ...operator, path: OpsPath.opsFilingConfirm },
  opsFilingReturn: { ...operator, path: OpsPath.opsFilingReturn },
});
