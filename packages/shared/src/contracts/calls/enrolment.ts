import { ApiPath } from '../../paths';
import type { enrolmentSchemas } from '../enrolment';
import { defineCalls } from '../define';

/**
 * Mutual-aid applications (互助申请, /apply-query) and the 92 union's review (申请审核,
 * /apply-examine). A unit's calls need its insurance registration; the review calls do not
 * (docs/decisions.md 35); the period list is for any logged-in user.
 */
const unit = { method: 'POST', access: 'unit', needInsured: true } as const;
const union = { method: 'POST', access: 'unit' } as const;

export const enrolmentCalls = defineCalls<typeof enrolmentSchemas>({
  periodList: { method: 'POST', path: ApiPath.periodList },
  applyList: { ...unit, path: ApiPath.applyList },
  applyDetail: { ...unit, path: ApiPath.applyDetail },
  applyCreate: { ...unit, path: ApiPath.applyCreate },
  applyStaffOptions: { ...unit, path: ApiPath.applyStaffOptions },
  applyAddLines: { ...unit, path: ApiPath.applyAddLines },
  applyRemoveLines: { ...unit, path: ApiPath.applyRemoveLines },
  applySubmit: { ...unit, path: ApiPath.applySubmit },
  applyCancel: { ...unit, path: ApiPath.applyCancel },
  applyImport: { ...unit, path: ApiPath.applyHelpImport, sealed: false },
  applyImportConfirm: { ...unit, path: ApiPath.applyImportConfirm },
  applyImportErrors: { ...unit, path: ApiPath.applyImportErrors, sealed: 'either' },
  // A blank template reveals nothing: any unit may download it (not needInsured).
  applyTemplate: { method: 'POST', access: 'unit', path: ApiPath.applyTemplate, sealed: 'either' },
  examineList: { ...union, path: ApiPath.examineList },
  examineDetail: { ...union, path: ApiPath.examineDetail },
  examineApprove: { ...union, path: ApiPath.examineApprove },
  examineReturn: { ...union, path: ApiPath.examineReturn },
  examineBatchApprove: { ...union, path: ApiPath.examineBatchApprove },
});
