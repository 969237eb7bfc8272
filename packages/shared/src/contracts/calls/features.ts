import { FEATURE_FLAGS_PATH } from '../../feature-flags';
import { FeaturePath, OpsFeaturePath } from '../../feature-services';
import type { featureSchemas } from '../features';
import { defineCalls } from '../define';

/**
 * Feature flags (spec §9) and the features they gate (issue 10 item 7, docs-flags.md): the
 * portal reads the flags; 互助档案 (person, unit), 好差评, the batch calls; the operator's flags
 * and ratings. Each gated call is refused by the server while its flag is off.
 */
export const featureCalls = defineCalls<typeof featureSchemas>()({
  // Also in ./feature-flags.ts (featureFlagCalls), which the sidebar imports alone (bundle budget).
  featureFlags: { method: 'GET', path: FEATURE_FLAGS_PATH, access: 'any', writes: false },
  archivePersonal: { method: 'POST', path: FeaturePath.archivePersonal, access: 'personal', writes: false },
  archivePersonalExport: { method: 'POST', path: FeaturePath.archivePersonalExport, access: 'personal', sealed: 'either', writes: false },
  archiveUnit: { method: 'POST', path: FeaturePath.archiveUnit, access: 'unit', writes: false },
  archiveUnitExport: { method: 'POST', path: FeaturePath.archiveUnitExport, access: 'unit', sealed: 'either', writes: false },
  evaluationSubmit: { method: 'POST', path: FeaturePath.evaluationSubmit, access: 'any', writes: true },
  evaluationQuery: { method: 'POST', path: FeaturePath.evaluationQuery, access: 'any', writes: false },
  mailBatch: { method: 'POST', path: FeaturePath.mailBatch, access: 'any', writes: true },
  staffBatchLeave: { method: 'POST', path: FeaturePath.staffBatchLeave, access: 'unit', needInsured: true, writes: true },
  opsFeatureFlagList: { method: 'POST', path: OpsFeaturePath.opsFeatureFlagList, access: 'operator', writes: false },
  opsFeatureFlagSet: { method: 'POST', path: OpsFeaturePath.opsFeatureFlagSet, access: 'operator', writes: true },
  opsEvaluationList: { method: 'POST', path: OpsFeaturePath.opsEvaluationList, access: 'operator', writes: false },
});
