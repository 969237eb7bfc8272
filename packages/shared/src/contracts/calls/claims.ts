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

export const claimCalls = defineCalls<typeof claimSchemas>({
  claimStaffOptions: { ...unit, path: BenefitPath.claimStaffOptions },
  claimPreview: { ...unit, path: BenefitPath.claimPreview },
  claimSave: { ...unit, path: BenefitPath.claimSave },
  claimSubmit: { ...unit, path: BenefitPath.claimSubmit },
  claimDelete: { ...unit, path: BenefitPath.claimDelete },
  claimAttach: { ...unit, path: BenefitPath.claimAttach },
  claimDetach: { ...unit, path: BenefitPath.claimDetach },
  claimList: { ...unit, path: BenefitPath.claimList },
  claimDetail: { ...unit, path: BenefitPath.claimDetail },
  claimExport: { ...unit, path: BenefitPath.claimExport, sealed: 'either' },
  claimUnitApprove: { ...unit, path: BenefitPath.claimUnitApprove },
  claimUnitReturn: { ...unit, path: BenefitPath.claimUnitReturn },
  claimPreviewPersonal: { ...personal, path: BenefitPath.claimPreviewPersonal },
  claimSavePersonal: { ...personal, path: BenefitPath.claimSavePersonal },
  claimSubmitPersonal: { ...personal, path: BenefitPath.claimSubmitPersonal },
  claimDeletePersonal: { ...personal, path: BenefitPath.claimDeletePersonal },
  claimAttachPersonal: { ...personal, path: BenefitPath.claimAttachPersonal },
  claimDetachPersonal: { ...personal, path: BenefitPath.claimDetachPersonal },
  claimListPersonal: { ...personalQuery, path: BenefitPath.claimListPersonal },
  claimDetailPersonal: { ...personalQuery, path: BenefitPath.claimDetailPersonal },
  claimUnionList: { ...union, path: BenefitPath.claimUnionList },
  claimUnionDetail: { ...union, path: BenefitPath.claimUnionDetail },
  claimUnionApprove: { ...union, path: BenefitPath.claimUnionApprove },
  claimUnionReturn: { ...union, path: BenefitPath.claimUnionReturn },
});
