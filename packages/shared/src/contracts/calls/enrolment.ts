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

export const enrolmentCalls = defineCalls<typeof enrolmentSchemas>()({
  periodList: { method: 'POST', path: ApiPath.periodList, writes: false },
  applyList: { ...unit, path: ApiPath.applyList, writes: false },
  applyDetail: { ...unit, path: ApiPath.applyDetail, writes: false },
  applyCreate: { ...unit, path: ApiPath.applyCreate, writes: true },
  applyStaffOptions: { ...unit, path: ApiPath.applyStaffOptions, writes: false },
  applyAddLines: { ...unit, path: ApiPath.applyAddLines, writes: true },
  applyRemoveLines: { ...unit, path: ApiPath.applyRemoveLines, writes: true },
  applySubmit: { ...unit, path: ApiPath.applySubmit, writes: true },
  applyCancel: { ...unit, path: ApiPath.applyCancel, writes: true },
  applyImport: { ...unit, path: ApiPath.applyHelpImport, sealed: false, writes: true },
  applyImportConfirm: { ...unit, path: ApiPath.applyImportConfirm, writes: true },
  applyImportErrors: { ...unit, path: ApiPath.applyImportErrors, sealed: 'either', writes: false },
  // A blank template reveals nothing: any unit may download it (not needInsured).
  applyTemplate: { method: 'POST', access: 'unit', path: ApiPath.applyTemplate, sealed: 'either', writes: false },
  examineList: { ...union, path: ApiPath.examineList, writes: false },
  examineDetail: { ...union, path: ApiPath.examineDetail, writes: false },
  examineApprove: { ...union, path: ApiPath.examineApprove, writes: true },
  examineReturn: { ...union, path: ApiPath.examineReturn, writes: true },
  examineBatchApprove: { ...union, path: ApiPath.examineBatchApprove, writes: true },
});
