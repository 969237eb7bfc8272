/**
 * The features behind the flags (docs-flags.md F3–F6): the grades of 好差评, the batch
 * size. Apart from feature-flags.ts, which the portal's first screen imports (bundle budget).
 */

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
