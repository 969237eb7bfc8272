import { OrgPath } from '../../org-paths';
import { ApiPath } from '../../paths';
import type { orgSchemas } from '../org';
import { defineCalls } from '../define';

/**
 * Union organisation (issue 10): a level-1 union's subordinate units. /basic-management (92,
 * needs insured) and /subuni-management (93); the service checks the union type per call.
 */
const union = { method: 'POST', access: 'unit' } as const;

export const orgCalls = defineCalls<typeof orgSchemas>({
  uactRelevQueryList: { ...union, path: ApiPath.uactRelevQueryList },
  uactRelevUpdate: { ...union, path: ApiPath.uactRelevUpdate },
  subAdd: { ...union, path: OrgPath.subAdd },
  subUpdate: { ...union, path: OrgPath.subUpdate },
  subAccount: { ...union, path: OrgPath.subAccount },
  subNotify: { ...union, path: OrgPath.subNotify },
  subExport: { ...union, path: OrgPath.subExport, sealed: 'either' },
  subOptions: { ...union, path: OrgPath.subOptions },
  subTemplate: { ...union, path: OrgPath.subTemplate, sealed: 'either' },
  subImport: { ...union, path: OrgPath.subImport, sealed: false },
  subImportConfirm: { ...union, path: OrgPath.subImportConfirm },
  subImportDiscard: { ...union, path: OrgPath.subImportDiscard },
  subImportReport: { ...union, path: OrgPath.subImportReport, sealed: 'either' },
});
