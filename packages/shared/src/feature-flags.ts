import { FEATURE_FLAGS } from './constants';

/**
 * Feature flags (spec §9, R58) and the three features they gate (issue 10 item 7): constants
 * and labels, free of zod (the portal imports them). docs-flags.md F1–F9.
 */

export const FEATURE_FLAG_NAMES = ['batch', 'archives', 'evaluation'] as const;
export type FeatureFlag = (typeof FEATURE_FLAG_NAMES)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** Spec §9: batch hidden, archives shown, evaluation hidden. A flag the operator never set has its default. */
export const FEATURE_FLAG_DEFAULTS: Readonly<FeatureFlags> = FEATURE_FLAGS;

export const FEATURE_FLAG_LABELS: Readonly<Record<FeatureFlag, string>> = {
  batch: '批量操作',
  archives: '互助档案',
  evaluation: '好差评',
};

/** The refusal of a call whose feature is turned off. */
export const featureOffMessage = (flag: FeatureFlag) => `${FEATURE_FLAG_LABELS[flag]}功能暂未开放`;
