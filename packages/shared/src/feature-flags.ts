import { FEATURE_FLAGS } from './constants';

/**
 * Feature flags (spec §9, R58) and the three features they gate (issue 10 item 7): constants,
 * labels and paths, free of zod (the portal imports them). docs-flags.md F1–F9.
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

/** Portal calls of the gated features (relative to the base path). */
export const FeaturePath = {
  featureFlags: '/gob/web/featureFlag/getFlags',
  archivePersonal: '/gob/web/mutualAidArchive/personal/query',
  archivePersonalExport: '/gob/web/mutualAidArchive/personal/export',
  archiveUnit: '/gob/web/mutualAidArchive/unit/query',
  archiveUnitExport: '/gob/web/mutualAidArchive/unit/export',
  evaluationSubmit: '/gob/web/serviceEvaluation/submit',
  evaluationQuery: '/gob/web/serviceEvaluation/query',
  mailBatch: '/gob/web/mailMsgDService/batch',
  staffBatchLeave: '/gob/web/staffInfo/batchLeave',
} as const;

/** The operator API's calls of the flags and the ratings. */
export const OpsFeaturePath = {
  opsFeatureFlagList: '/ops/api/featureFlags/list',
  opsFeatureFlagSet: '/ops/api/featureFlags/set',
  opsEvaluationList: '/ops/api/evaluations/list',
} as const;

/** 好差评: five grades, 5 best. A grade of 不满意 or worse needs a reason. */
export const RATINGS = [5, 4, 3, 2, 1] as const;
export type Rating = (typeof RATINGS)[number];
export const RATING_LABELS: Readonly<Record<Rating, string>> = {
  5: '非常满意',
  4: '满意',
  3: '基本满意',
  2: '不满意',
  1: '非常不满意',
};
/** Grades at or below this need a reason. */
export const RATING_REASON_AT = 2;
export const EVALUATION_COMMENT_MAX = 500;

/** The finished services that can be rated: an enrolment application paid (已缴费/已生效) and a claim paid (已发放). */
export const EVALUATION_KINDS = ['application', 'claim'] as const;
export type EvaluationKind = (typeof EVALUATION_KINDS)[number];
export const EVALUATION_KIND_LABELS: Readonly<Record<EvaluationKind, string>> = {
  application: '互助申请',
  claim: '补助申请',
};

/** At most this many rows in one batch call. */
export const BATCH_MAX = 200;
