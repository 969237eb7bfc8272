import { FEATURE_FLAGS_PATH } from '../../feature-flags';
import { FeaturePath, OpsFeaturePath } from '../../feature-services';
import type { featureSchemas } from '../features';
import { defineCalls } from '../define';

/**
 * Feature flags (spec §9) and the features they gate (issue 10 item 7, docs-flags.md): the
 * portal reads the flags; 互助档案 (person, unit), 好差评, the batch calls; the operator's flags
 * and ratings. Each gated call is refused by the server while its flag is off.
 */
export const featureCalls = defineCalls<typeof featureSchemas>({
  // Also in ./feature-flags.ts (featureFlagCalls), which the sidebar imports alone (bundle budget).
  featureFlags: { method: 'GET', path: FEATURE_FLAGS_PATH, access: 'any' },
  archivePersonal: { method: 'POST', path: FeaturePath.archivePersonal, access: 'personal' },
  archivePersonalExport: { method: 'POST', path: FeaturePath.archivePersonalExport, access: 'personal', sealed: 'either' },
  archiveUnit: { method: 'POST', path: FeaturePath.archiveUnit, access: 'unit' },
  archiveUnitExport: { method: 'POST', path: FeaturePath.archiveUnitExport, access: 'unit', sealed: 'either' },
  evaluationSubmit: { method: 'POST', path: FeaturePath.evaluationSubmit, access: 'any' },
  evaluationQuery: { method: 'POST', path: FeaturePath.evaluationQuery, access: 'any' },
  mailBatch: { method: 'POST', path: FeaturePath.mailBatch, access: 'any' },
  staffBatchLeave: { method: 'POST', path: FeaturePath.staffBatchLeave, access: 'unit', needInsured: true },
  opsFeatureFlagList: { method: 'POST', path: OpsFeaturePath.opsFeatureFlagList, access: 'operator' },
  opsFeatureFlagSet: { method: 'POST', path: OpsFeaturePath.opsFeatureFlagSet, access: 'operator' },
  opsEvaluationList: { method: 'POST', path: OpsFeaturePath.opsEvaluationList, access: 'operator' },
});
