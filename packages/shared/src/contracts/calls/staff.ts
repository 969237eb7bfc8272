import { ApiPath } from '../../paths';
import type { staffSchemas } from '../staff';
import { defineCalls } from '../define';

/**
 * Staff of a unit (互助人员管理): a unit's own staff only, for units with an active
 * medical-insurance registration. The roster import is multipart (not sealed); the downloads
 * (template, error report, export) answer the file and take a plain or sealed body.
 */
export const staffCalls = defineCalls<typeof staffSchemas>({
  staffPage: { method: 'POST', path: ApiPath.staffPage, access: 'unit', needInsured: true },
  staffById: { method: 'POST', path: ApiPath.staffById, access: 'unit', needInsured: true },
  staffAdd: { method: 'POST', path: ApiPath.staffAdd, access: 'unit', needInsured: true },
  staffUpdate: { method: 'POST', path: ApiPath.staffUpdate, access: 'unit', needInsured: true },
  staffLeave: { method: 'POST', path: ApiPath.staffLeave, access: 'unit', needInsured: true },
  staffTemplate: { method: 'POST', path: ApiPath.staffTemplate, access: 'unit', needInsured: true, sealed: 'either' },
  staffImport: { method: 'POST', path: ApiPath.staffImport, access: 'unit', needInsured: true, sealed: false },
  staffImportConfirm: { method: 'POST', path: ApiPath.staffImportConfirm, access: 'unit', needInsured: true },
  staffImportDiscard: { method: 'POST', path: ApiPath.staffImportDiscard, access: 'unit', needInsured: true },
  staffImportReport: { method: 'POST', path: ApiPath.staffImportReport, access: 'unit', needInsured: true, sealed: 'either' },
  staffExport: { method: 'POST', path: ApiPath.staffExport, access: 'unit', needInsured: true, sealed: 'either' },
});
