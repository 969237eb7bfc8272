import { useQuery } from '@tanstack/react-query';
import { featureCalls } from '@hall/shared/contracts/features.ts';
import { FEATURE_FLAG_DEFAULTS, type FeatureFlags } from '@hall/shared/feature-flags.ts';
import { request } from './request';

/**
 * Feature flags (spec §9, docs-flags.md F1–F2) for the sidebar: read once per page load from the
 * server and cached (a change by the operator shows after a reload). Until they arrive, and when
 * they cannot be read, the defaults apply (batch and evaluation hidden, archives shown); the
 * server refuses a hidden feature's calls whatever the portal shows. Pages read the same cache
 * through lib/feature-flags-page.ts (kept apart: the sidebar's first screen carries this file only).
 */
export const featureFlagsKey = ['feature-flags'] as const;

export const fetchFeatureFlags = (): Promise<FeatureFlags> =>
  request.call(featureCalls.featureFlags, undefined, { silent: true }).then((a) => a.data);

export function useFeatureFlags(): FeatureFlags {
  const query = useQuery({ queryKey: featureFlagsKey, queryFn: fetchFeatureFlags, staleTime: Infinity, retry: false });
  return query.data ?? FEATURE_FLAG_DEFAULTS;
}
