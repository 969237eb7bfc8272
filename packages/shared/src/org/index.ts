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
  'staffImportPreview',
  'staffImportProgress',
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
 * Every call a 93 union may make for its released branch (ACTING_FOR_HEADER): the unit business
 * above, plus the branch's coverage transfers, 异地就医备案, 批量减员 and 好差评 of its applications,
 * so that nothing refused to the released branch is left undone. The portal sends the header on
 * UNIT_BUSINESS_CALLS only (the pages that show the 代分会办理 bar).
 */
export const ACTING_FOR_CALLS: readonly string[] = [
  ...UNIT_BUSINESS_CALLS,
  'staffBatchLeave',
  'transferUnitSearch',
  'transferStaffOptions',
  'transferOutApply',
  'transferOutCancel',
  'transferList',
  'transferReceive',
  'transferReturn',
  'filingStaffOptions',
  'filingApply',
  'filingList',
  'evaluationSubmit',
  'evaluationQuery',
];

/**
 * The released-branch rule (authState '2', docs/decisions.md, "Released branch is read-only"): every call a released branch makes that
 * writes (the contract's `writes`) is refused with ORG_MESSAGES.released, except these, which
 * concern its own account and inbox, not the business its union now handles. Each with its reason.
 * Public calls (login, refresh, registration, recovery) do not pass the rule: they need no session.
 */
export const RELEASED_ALLOWED_WRITES: Readonly<Record<string, string>> = {
  userLogout: 'ends its own session',
  unitLogout: 'ends its own session',
  updatePassword: 'its own password (also the first-password change)',
  resetPassword: 'its own password, with the current one',
  sendEmailCode: "the code for binding its own account's e-mail",
  bindEmail: "its own account's e-mail",
  mailRead: 'marks a message of its own inbox read',
  mailReadAll: 'marks messages of its own inbox read',
  mailBatch: 'marks read or deletes messages of its own inbox',
  completionRegInfo: 'its own registration details (address, contact), which its login asks it to complete; not mutual-aid business',
};

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
