import { BenefitPath } from '../../benefit-paths';
import type { claimSchemas } from '../claims';
import { defineCalls } from '../define';

/**
 * Subsidy claims (补助申请). The unit's calls (/subsidy-application, /subsidy-record-query) and the
 * worker's filing calls (/subsidy-application-personal) need the caller's insurance registration;
 * the worker's record query does not (its page is not needInsured), nor does the 92 union's review
 * (/apply-examine, decisions 35).
 */
const unit = { method: 'POST', access: 'unit', needInsured: true } as const;
const personal = { method: 'POST', access: 'personal', needInsured: true } as const;
const personalQuery = { method: 'POST', access: 'personal' } as const;
const union = { method: 'POST', access: 'unit' } as const;

export const claimCalls = defineCalls<typeof claimSchemas>()({
  claimStaffOptions: { ...unit, path: BenefitPath.claimStaffOptions, writes: false },
  claimPreview: { ...unit, path: BenefitPath.claimPreview, writes: false },
  claimSave: { ...unit, path: BenefitPath.claimSave, writes: true },
  claimSubmit: { ...unit, path: BenefitPath.claimSubmit, writes: true },
  claimDelete: { ...unit, path: BenefitPath.claimDelete, writes: true },
  claimAttach: { ...unit, path: BenefitPath.claimAttach, writes: true },
  claimDetach: { ...unit, path: BenefitPath.claimDetach, writes: true },
  claimList: { ...unit, path: BenefitPath.claimList, writes: false },
  claimDetail: { ...unit, path: BenefitPath.claimDetail, writes: false },
  claimExport: { ...unit, path: BenefitPath.claimExport, sealed: 'either', writes: false },
  claimUnitApprove: { ...unit, path: BenefitPath.claimUnitApprove, writes: true },
  claimUnitReturn: { ...unit, path: BenefitPath.claimUnitReturn, writes: true },
  claimPreviewPersonal: { ...personal, path: BenefitPath.claimPreviewPersonal, writes: false },
  claimSavePersonal: { ...personal, path: BenefitPath.claimSavePersonal, writes: true },
  claimSubmitPersonal: { ...personal, path: BenefitPath.claimSubmitPersonal, writes: true },
  claimDeletePersonal: { ...personal, path: BenefitPath.claimDeletePersonal, writes: true },
  claimAttachPersonal: { ...personal, path: BenefitPath.claimAttachPersonal, writes: true },
  claimDetachPersonal: { ...personal, path: BenefitPath.claimDetachPersonal, writes: true },
  claimListPersonal: { ...personalQuery, path: BenefitPath.claimListPersonal, writes: false },
  claimDetailPersonal: { ...personalQuery, path: BenefitPath.claimDetailPersonal, writes: false },
  claimUnionList: { ...union, path: BenefitPath.claimUnionList, writes: false },
  claimUnionDetail: { ...union, path: BenefitPath.claimUnionDetail, writes: false },
  claimUnionApprove: { ...union, path: BenefitPath.claimUnionApprove, writes: true },
  claimUnionReturn: { ...union, path: BenefitPath.claimUnionReturn, writes: true },
});
