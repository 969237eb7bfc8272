/** The groupings of 参保统计 (issue 20): the contract's `by` and the console's buttons and columns. */
export const ENROLMENT_GROUPS = ['district', 'union', 'uniType', 'product'] as const;
export type EnrolmentGroup = (typeof ENROLMENT_GROUPS)[number];
/**
 * A level-1 union's own 参保统计 on the portal: by product, by its units (itself and each
 * subordinate) or by union type; never by district or union (it sees one union).
 */
export const UNION_ENROLMENT_GROUPS = ['unit', 'product', 'uniType'] as const;
export type UnionEnrolmentGroup = (typeof UNION_ENROLMENT_GROUPS)[number];
/** Any grouping of either report. */
export type ReportGroup = EnrolmentGroup | UnionEnrolmentGroup;
export const ENROLMENT_GROUP_LABELS: Record<ReportGroup, string> = {
  district: '按地区',
  union: '按工会',
  uniType: '按工会类型',
  product: '按险种',
  unit: '按单位',
};

/** The tables of 待遇统计, each exported on its own: the months, the hospital levels, the diagnosis chapters. */
export const BENEFIT_VIEWS = ['months', 'levels', 'chapters'] as const;
export type BenefitView = (typeof BENEFIT_VIEWS)[number];
