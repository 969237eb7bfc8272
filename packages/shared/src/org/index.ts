/**
 * Union organisation (issue 10): a 92 union's member enterprises (notification states) and a 93
 * union's branch unions (authorization states), and what a released branch may still do.
 */

/** The header by which a 93 union acts for one of its released branches (代分会办理): the branch's uact. */
export const ACTING_FOR_HEADER = 'x-hall-acting-for';

/**
 * The calls of a unit's own business (enrolment, staff, payable, claims, benefits, participation):
 * a 93 union may make them for a released branch (ACTING_FOR_HEADER). Names of the contracts.
 */
export const UNIT_BUSINESS_CALLS: readonly string[] = [
  'staffPage',
  'staffById',
  'staffAdd',
  'staffUpdate',
  'staffLeave',
  'staffTemplate',
  'staffImport',
  'staffImportConfirm',
  'staffImportDiscard',
  'staffImportReport',
  'staffExport',
  'applyList',
  'applyDetail',
  'applyCreate',
  'applyStaffOptions',
  'applyAddLines',
  'applyRemoveLines',
  'applySubmit',
  'applyCancel',
  'applyImport',
  'applyImportConfirm',
  'applyImportErrors',
  'applyTemplate',
  'payableList',
  'paymentNotice',
  'claimStaffOptions',
  'claimPreview',
  'claimSave',
  'claimSubmit',
  'claimDelete',
  'claimAttach',
  'claimDetach',
  'claimList',
  'claimDetail',
  'claimExport',
  'claimUnitApprove',
  'claimUnitReturn',
  'treatmentPage',
  'treatmentDetail',
  'treatmentExport',
  'joinMedSituationTotal',
  'joinMedSituationList',
  'joinMedSituationExport',
];

/**
 * The unit-business calls that change something: refused to a released branch itself (its
 * business is handled by its union), still open to the union acting for it.
 */
export const UNIT_BUSINESS_WRITES: readonly string[] = [
  'staffAdd',
  'staffUpdate',
  'staffLeave',
  'staffImport',
  'staffImportConfirm',
  'staffImportDiscard',
  'applyCreate',
  'applyAddLines',
  'applyRemoveLines',
  'applySubmit',
  'applyCancel',
  'applyImport',
  'applyImportConfirm',
  'claimSave',
  'claimSubmit',
  'claimDelete',
  'claimAttach',
  'claimDetach',
  'claimUnitApprove',
  'claimUnitReturn',
];

export const ORG_MESSAGES = {
  released: '已解除授权：本单位业务由上级工会代为办理，本单位仅可查询',
  actingNotUnion: '只有行业工会（93）可代分会办理业务',
  actingNotReleased: '该分会未解除授权，业务由分会自行办理，上级工会不能代办',
  actingNotBusiness: '该功能不能代分会办理',
  notFound: '下属单位不存在或不属于本工会',
  onlyUnion92: '该功能仅限联合基层工会（92）使用',
  onlyUnion93: '该功能仅限行业工会（93）使用',
  onlyUnion: '该功能仅限联合基层工会（92）或行业工会（93）使用',
  mustChangePassword: '首次登录请先修改初始密码',
} as const;
