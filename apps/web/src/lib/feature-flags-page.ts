import { useQuery } from '@tanstack/react-query';
import { featureCalls } from '@hall/shared/contracts/features.ts';
import { FEATURE_FLAG_DEFAULTS, type FeatureFlag, type FeatureFlags } from '@hall/shared/feature-flags.ts';
import { request } from './request';

/**
 * The feature flags for the pages (the same query and cache as the sidebar's lib/feature-flags.ts,
 * through the feature calls the pages load anyway: no extra chunk on the first screen).
 */
const key = ['feature-flags'] as const;
const fetchFlags = (): Promise<FeatureFlags> => request.call(featureCalls.featureFlags, undefined, { silent: true }).then((a) => a.data);

export function useFeatureFlags(): FeatureFlags {
  const query = useQuery({ queryKey: key, queryFn: fetchFlags, staleTime: Infinity, retry: false });
  return query.data ?? FEATURE_FLAG_DEFAULTS;
}

/** One flag, with whether the answer has arrived (a page can wait rather than flash its off state). */
export function useFeatureFlag(flag: FeatureFlag): { on: boolean; ready: boolean } {
  const query = useQuery({ queryKey: key, queryFn: fetchFlags, staleTime: Infinity, retry: false });
  return { on: (query.data ?? FEATURE_FLAG_DEFAULTS)[flag], ready: !query.isLoading };
}
