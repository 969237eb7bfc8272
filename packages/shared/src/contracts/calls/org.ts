import { OrgPath } from '../../org-paths';
import { ApiPath } from '../../paths';
import type { orgSchemas } from '../org';
import { defineCalls } from '../define';

/**
 * Union organisation (issue 10): a level-1 union's subordinate units. /basic-management (92,
 * needs insured) and /subuni-management (93); the service checks the union type per call.
 */
const union = { method: 'POST', access: 'unit' } as const;

export const orgCalls = defineCalls<typeof orgSchemas>()({
  uactRelevQueryList: { ...union, path: ApiPath.uactRelevQueryList, writes: false },
  uactRelevUpdate: { ...union, path: ApiPath.uactRelevUpdate, writes: true },
  subAdd: { ...union, path: OrgPath.subAdd, writes: true },
  subUpdate: { ...union, path: OrgPath.subUpdate, writes: true },
  subAccount: { ...union, path: OrgPath.subAccount, writes: true },
  subNotify: { ...union, path: OrgPath.subNotify, writes: true },
  subExport: { ...union, path: OrgPath.subExport, sealed: 'either', writes: false },
  subOptions: { ...union, path: OrgPath.subOptions, writes: false },
  subTemplate: { ...union, path: OrgPath.subTemplate, sealed: 'either', writes: false },
  subImport: { ...union, path: OrgPath.subImport, sealed: false, writes: true },
  subImportConfirm: { ...union, path: OrgPath.subImportConfirm, writes: true },
  subImportDiscard: { ...union, path: OrgPath.subImportDiscard, writes: true },
  subImportReport: { ...union, path: OrgPath.subImportReport, sealed: 'either', writes: false },
});
