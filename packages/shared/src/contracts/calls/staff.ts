import { ApiPath } from '../../paths';
import type { staffSchemas } from '../staff';
import { defineCalls } from '../define';

/**
 * Staff of a unit (互助人员管理): a unit's own staff only, for units with an active
 * medical-insurance registration. The roster import is multipart (not sealed); the downloads
 * (template, error report, export) answer the file and take a plain or sealed body.
 */
export const staffCalls = defineCalls<typeof staffSchemas>({
  staffPage: { method: 'POST', path: ApiPath.staffPage, access: 'unit', needInsured: true, writes: false },
  staffById: { method: 'POST', path: ApiPath.staffById, access: 'unit', needInsured: true, writes: false },
  staffAdd: { method: 'POST', path: ApiPath.staffAdd, access: 'unit', needInsured: true, writes: true },
  staffUpdate: { method: 'POST', path: ApiPath.staffUpdate, access: 'unit', needInsured: true, writes: true },
  staffLeave: { method: 'POST', path: ApiPath.staffLeave, access: 'unit', needInsured: true, writes: true },
  staffTemplate: { method: 'POST', path: ApiPath.staffTemplate, access: 'unit', needInsured: true, sealed: 'either', writes: false },
  staffImport: { method: 'POST', path: ApiPath.staffImport, access: 'unit', needInsured: true, sealed: false, writes: true },
  staffImportConfirm: { method: 'POST', path: ApiPath.staffImportConfirm, access: 'unit', needInsured: true, writes: true },
  staffImportDiscard: { method: 'POST', path: ApiPath.staffImportDiscard, access: 'unit', needInsured: true, writes: true },
  staffImportPreview: { method: 'POST', path: ApiPath.staffImportPreview, access: 'unit', needInsured: true, writes: false },
  staffImportProgress: { method: 'POST', path: ApiPath.staffImportProgress, access: 'unit', needInsured: true, writes: false },
  staffImportReport: {
    method: 'POST',
    path: ApiPath.staffImportReport,
    access: 'unit',
    needInsured: true,
    sealed: 'either',
    writes: false,
  },
  staffExport: { method: 'POST', path: ApiPath.staffExport, access: 'unit', needInsured: true, sealed: 'either', writes: false },
});
