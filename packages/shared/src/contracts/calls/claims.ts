import { ApiPath } from '../../paths';
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
  claimStaffOptions: { ...unit, path: ApiPath.claimStaffOptions },
  claimPreview: { ...unit, path: ApiPath.claimPreview },
  claimSave: { ...unit, path: ApiPath.claimSave },
  claimSubmit: { ...unit, path: ApiPath.claimSubmit },
  claimDelete: { ...unit, path: ApiPath.claimDelete },
  claimAttach: { ...unit, path: ApiPath.claimAttach },
  claimDetach: { ...unit, path: ApiPath.claimDetach },
  claimList: { ...unit, path: ApiPath.claimList },
  claimDetail: { ...unit, path: ApiPath.claimDetail },
  claimExport: { ...unit, path: ApiPath.claimExport, sealed: 'either' },
  claimUnitApprove: { ...unit, path: ApiPath.claimUnitApprove },
  claimUnitReturn: { ...unit, path: ApiPath.claimUnitReturn },
  claimPreviewPersonal: { ...personal, path: ApiPath.claimPreviewPersonal },
  claimSavePersonal: { ...personal, path: ApiPath.claimSavePersonal },
  claimSubmitPersonal: { ...personal, path: ApiPath.claimSubmitPersonal },
  claimDeletePersonal: { ...personal, path: ApiPath.claimDeletePersonal },
  claimAttachPersonal: { ...personal, path: ApiPath.claimAttachPersonal },
  claimDetachPersonal: { ...personal, path: ApiPath.claimDetachPersonal },
  claimListPersonal: { ...personalQuery, path: ApiPath.claimListPersonal },
  claimDetailPersonal: { ...personalQuery, path: ApiPath.claimDetailPersonal },
  claimUnionList: { ...union, path: ApiPath.claimUnionList },
  claimUnionDetail: { ...union, path: ApiPath.claimUnionDetail },
  claimUnionApprove: { ...union, path: ApiPath.claimUnionApprove },
  claimUnionReturn: { ...union, path: ApiPath.claimUnionReturn },
});
