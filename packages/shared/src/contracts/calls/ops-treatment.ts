import { OpsPath } from '../../ops-paths';
import type { opsTreatmentSchemas } from '../ops-treatment';
import { defineCalls } from '../define';

/** The operator's settlements and treatments (issue 9): operator sessions only. */
export const opsTreatmentCalls = defineCalls<typeof opsTreatmentSchemas>()({
  /** Multipart (field `file`), not sealed, like the registry load. */
  opsSettlementLoad: { method: 'POST', path: OpsPath.opsSettlementLoad, access: 'operator', sealed: false, writes: true },
  opsTreatmentList: { method: 'POST', path: OpsPath.opsTreatmentList, access: 'operator', writes: false },
  opsTreatmentPay: { method: 'POST', path: OpsPath.opsTreatmentPay, access: 'operator', writes: true },
});
