/**
 * The calls of benefits and claims (issue 9): in a module of their own, apart from
 * ApiPath, so that the first screens (login, /Home: bundle budget), which import ApiPath, do not
 * carry them: a bundler keeps a shared module whole in the shared chunk.
 */
export const BenefitPath = {
  // Subsidy claims (补助申请, issue 9): the unit's and the worker's filing, the unit's and the 92
  // union's review, the record queries. Attachments are uploaded through fileUpload first.
  claimStaffOptions: '/gob/web/subsidyClaim/staffOptions',
  claimPreview: '/gob/web/subsidyClaim/preview',
  claimSave: '/gob/web/subsidyClaim/save',
  claimSubmit: '/gob/web/subsidyClaim/submit',
  claimDelete: '/gob/web/subsidyClaim/delete',
  claimAttach: '/gob/web/subsidyClaim/attach',
  claimDetach: '/gob/web/subsidyClaim/detach',
  claimList: '/gob/web/subsidyClaim/getPageList',
  claimDetail: '/gob/web/subsidyClaim/queryDataById',
  claimExport: '/gob/web/subsidyClaim/exportList',
  claimUnitApprove: '/gob/web/subsidyClaim/unitReview/approve',
  claimUnitReturn: '/gob/web/subsidyClaim/unitReview/return',
  claimPreviewPersonal: '/gob/web/subsidyClaim/personal/preview',
  claimSavePersonal: '/gob/web/subsidyClaim/personal/save',
  claimSubmitPersonal: '/gob/web/subsidyClaim/personal/submit',
  claimDeletePersonal: '/gob/web/subsidyClaim/personal/delete',
  claimAttachPersonal: '/gob/web/subsidyClaim/personal/attach',
  claimDetachPersonal: '/gob/web/subsidyClaim/personal/detach',
  claimListPersonal: '/gob/web/subsidyClaim/personal/getPageList',
  claimDetailPersonal: '/gob/web/subsidyClaim/personal/queryDataById',
  claimUnionList: '/gob/web/subsidyClaim/examine/getPageList',
  claimUnionDetail: '/gob/web/subsidyClaim/examine/queryDataById',
  claimUnionApprove: '/gob/web/subsidyClaim/examine/approve',
  claimUnionReturn: '/gob/web/subsidyClaim/examine/return',
  // 互助待遇查询 (issue 9): the unit's staff's treatments and the person's own.
  treatmentPage: '/gob/web/mutualAidTreatment/getPageList',
  treatmentDetail: '/gob/web/mutualAidTreatment/queryDataById',
  treatmentExport: '/gob/web/mutualAidTreatment/exportList',
  treatmentPersonalPage: '/gob/web/mutualAidTreatment/personal/getPageList',
  treatmentPersonalDetail: '/gob/web/mutualAidTreatment/personal/queryDataById',
  treatmentPersonalExport: '/gob/web/mutualAidTreatment/personal/exportList',
} as const;
