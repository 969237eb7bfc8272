import { FEATURE_FLAGS_PATH } from '../../feature-flags';
import type { featureSchemas } from '../features';
import { defineCalls } from '../define';

/**
 * The portal's read of the feature flags, apart from the other feature calls: the sidebar (first
 * screen, bundle budget) needs this one only. `featureCalls` includes it.
 */
export const featureFlagCalls = defineCalls<Pick<typeof featureSchemas, 'featureFlags'>>()({
  featureFlags: { method: 'GET', path: FEATURE_FLAGS_PATH, access: 'any', writes: false },
});
