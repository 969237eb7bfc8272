import { useQuery } from '@tanstack/react-query';
import { featureCalls } from '@hall/shared/contracts/calls/features.ts';
import { FEATURE_FLAG_DEFAULTS, type FeatureFlag, type FeatureFlags } from '@hall/shared/feature-flags.ts';
import { request } from './request';

/**
 * Feature flags (spec §9, docs-flags.md F1): read once per page load from the server and cached
 * (a change by the operator shows after a reload). Until they arrive, and when they cannot be
 * read, the defaults apply (batch and evaluation hidden, archives shown); the server refuses a
 * hidden feature's calls whatever the portal shows.
 */
export const featureFlagsKey = ['feature-flags'] as const;

export const fetchFeatureFlags = (): Promise<FeatureFlags> =>
  request.call(featureCalls.featureFlags, undefined, { silent: true }).then((a) => a.data);

export function useFeatureFlags(enabled = true): FeatureFlags {
  const query = useQuery({
    queryKey: featureFlagsKey,
    queryFn: fetchFeatureFlags,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? FEATURE_FLAG_DEFAULTS;
}

/** One flag, with whether the answer has arrived (a page can wait rather than flash its off state). */
export function useFeatureFlag(flag: FeatureFlag): { on: boolean; ready: boolean } {
  const query = useQuery({ queryKey: featureFlagsKey, queryFn: fetchFeatureFlags, staleTime: Infinity, retry: false });
  return { on: (query.data ?? FEATURE_FLAG_DEFAULTS)[flag], ready: !query.isLoading };
}
