import { BenefitPath } from '../../benefit-paths';
import type { treatmentSchemas } from '../treatment';
import { defineCalls } from '../define';

/**
 * 互助待遇查询 (issue 9): a unit's staff's treatments (units with an active medical-insurance
 * registration, like the page) and a person's own (the personal page has no needInsured: a person
 * whose insurance stopped still sees what was paid). The exports answer the file (plain or sealed body).
 */
export const treatmentCalls = defineCalls<typeof treatmentSchemas>()({
  treatmentPage: { method: 'POST', path: BenefitPath.treatmentPage, access: 'unit', needInsured: true, writes: false },
  treatmentDetail: { method: 'POST', path: BenefitPath.treatmentDetail, access: 'unit', needInsured: true, writes: false },
  treatmentExport: {
    method: 'POST',
    path: BenefitPath.treatmentExport,
    access: 'unit',
    needInsured: true,
    sealed: 'either',
    writes: false,
  },
  treatmentPersonalPage: { method: 'POST', path: BenefitPath.treatmentPersonalPage, access: 'personal', writes: false },
  treatmentPersonalDetail: { method: 'POST', path: BenefitPath.treatmentPersonalDetail, access: 'personal', writes: false },
  treatmentPersonalExport: {
    method: 'POST',
    path: BenefitPath.treatmentPersonalExport,
    access: 'personal',
    sealed: 'either',
    writes: false,
  },
});
