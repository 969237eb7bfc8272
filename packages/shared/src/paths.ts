/**
 * Every call of spec §7, relative to the base path (default /api). Server routes and portal
 * fetchers both import these, so a path is written once.
 */
export const ApiPath = {
  userLogin: '/user/login',
  userInfo: '/user/info',
  userLogout: '/user/logout',
  captcha: '/iep-auc/auc/captcha/verifiCode',
  unitLogin: '/iep-auc/auc/login',
  personalLogin: '/iep-auc/auc/psnLogin/getPsnLoginInfo',
  unitLogout: '/iep-auc/auc/logout',
  personalLogout: '/iep-auc/auc/psnLogin/logout',
  refreshToken: '/has-pss-cw-local-dlc/pss/web/empUser/refreshAccessToken',
  updatePassword: '/iep-auc/api/registerService/updatePassword',
  selectRegUserInfo: '/iep-auc/api/registerService/selectRegUserInfo',
  insertRegisterInfo: '/iep-auc/api/registerService/insertRegisterInfo',
  completionRegInfo: '/iep-auc/api/registerService/completionRegInfo',
  selectOpterMobInfo: '/iep-auc/api/registerService/selectOpterMobInfo',
  dictMultiple: '/has-pss-cw-local/pss/web/code/getCodeValueListMultiple',
  dictList: '/listPubservSysDicList',
  sendMessage: '/gob/api/messagePublic/sendMessage',
  getPsnMobCode: '/gob/api/messagePublic/getPsnMobCode',
  queryFirstContactForOrg: '/gob/web/dicts/queryFirstContactForOrg',
  queryFirstContact: '/gob/web/dicts/queryFirstContact',
  /** The diagnosis catalogue of the claim form (ICD-10 code, name, common words). */
  diagnosisSearch: '/gob/web/dicts/diagnosisSearch',
  uactRelevQueryList: '/gob/web/uactRelevParNaService/queryList',
  uactRelevUpdate: '/gob/web/uactRelevParNaService/updateDataByID',
  policyById: '/gob/web/policyDocumentService/queryDataById',
  policyPage: '/gob/web/policyDocumentService/getPageList',
  noticeById: '/gob/web/noticeAnnouncementService/queryDataById',
  noticePage: '/gob/web/noticeAnnouncementService/getPageList',
  fileDownload: '/gob/web/filePublicService/downloadFileByID',
  fileUpload: '/gob/web/filePublicService/uploadFile',
  sysUserByUact: '/gob/web/BasUniInfo/getSysUserByUact',
  joinMedSituationTotal: '/gob/web/StaffInfo/queryJoinMedSituationTotal',
  treatDataYear: '/gob/web/homePage/treatDataYear',
  subsidyFrequencyAmount: '/gob/web/homePage/subsidyFrequencyAmount',
  /** The home page's key figures (统计卡片) of the caller: a unit's or a person's. */
  homeFigures: '/gob/web/homePage/keyFigures',
  applyHelpImport: '/gob/web/mutuaAidApplyController/applyHelpImport',
  mailPage: '/gob/web/mailMsgDService/getPageList',
  mailRead: '/gob/web/mailMsgDService/updateDataByID',
  checkRealName: '/hsa-iep-usc-emc/api/realName/checkRealName',
  checkUnitInfo: '/iep-auc/api/register/checkUnitinfo',
  biddingCheckUnitInfo: '/iep-auc/api/publicBidding/checkUnitinfo',
  publicDicList: '/usc/publicBusiness/getDiclist',
  checkAgentExist: '/iep-auc/api/register/checkAgentExistOrNot',
  agentRegister: '/iep-auc/api/register/checkAgentInfoAndRegister',
  biddingRegister: '/iep-auc/api/publicBidding/register',
  powerOfAttorney: '/iep-auc/api/publicBidding/downloadPowerOfAttorney',
  // Business calls the spec's pages need beyond its list (issue 4).
  /** Logged-in unit: its current information, to fill /improveInfo. */
  selectUnitInfo: '/iep-auc/api/registerService/selectUnitInfo',
  findBackPassword: '/iep-auc/api/registerService/findBackPassword',
  resetPassword: '/iep-auc/api/registerService/resetPassword',
  bindEmail: '/iep-auc/api/registerService/bindEmail',
  sendEmailCode: '/gob/api/messagePublic/sendEmailCode',
  // Mail and to-do (issue 8).
  /** Marks several of the caller's messages read ({ids}) or all of them ({all: true}). */
  mailReadAll: '/gob/web/mailMsgDService/updateReadAll',
  /** What waits on the caller, derived from state (no table). */
  todoList: '/gob/web/todo/getList',
  // Staff of a unit (互助人员管理, issue 8).
  staffPage: '/gob/web/StaffInfo/getPageList',
  staffById: '/gob/web/StaffInfo/queryDataById',
  staffAdd: '/gob/web/StaffInfo/addStaff',
  staffUpdate: '/gob/web/StaffInfo/updateStaff',
  staffLeave: '/gob/web/StaffInfo/leaveStaff',
  staffTemplate: '/gob/web/StaffInfo/downloadTemplate',
  staffImport: '/gob/web/StaffInfo/importRoster',
  staffImportConfirm: '/gob/web/StaffInfo/confirmImport',
  staffImportDiscard: '/gob/web/StaffInfo/discardImport',
  /** The preview of a batch still waiting for 确认导入 (reopened from the to-do). */
  staffImportPreview: '/gob/web/StaffInfo/importPreview',
  staffImportProgress: '/gob/web/StaffInfo/importProgress',
  staffImportReport: '/gob/web/StaffInfo/downloadImportReport',
  staffExport: '/gob/web/StaffInfo/exportList',
  // Mutual-aid applications and the 92 union's review (issue 8).
  periodList: '/gob/web/mutuaAidApplyController/periodList',
  applyList: '/gob/web/mutuaAidApplyController/getPageList',
  applyDetail: '/gob/web/mutuaAidApplyController/queryDataById',
  applyCreate: '/gob/web/mutuaAidApplyController/create',
  applyStaffOptions: '/gob/web/mutuaAidApplyController/staffOptions',
  applyAddLines: '/gob/web/mutuaAidApplyController/addLines',
  applyRemoveLines: '/gob/web/mutuaAidApplyController/removeLines',
  applySubmit: '/gob/web/mutuaAidApplyController/submit',
  applyCancel: '/gob/web/mutuaAidApplyController/cancel',
  applyImportConfirm: '/gob/web/mutuaAidApplyController/confirmApplyImport',
  applyImportErrors: '/gob/web/mutuaAidApplyController/downloadImportErrors',
  applyTemplate: '/gob/web/mutuaAidApplyController/downloadTemplate',
  examineList: '/gob/web/mutuaAidApplyController/examine/getPageList',
  examineDetail: '/gob/web/mutuaAidApplyController/examine/queryDataById',
  examineApprove: '/gob/web/mutuaAidApplyController/examine/approve',
  examineReturn: '/gob/web/mutuaAidApplyController/examine/return',
  examineBatchApprove: '/gob/web/mutuaAidApplyController/examine/batchApprove',
  // Amounts payable and participation (issue 8).
  /** The unit's applications waiting for payment or paid, with the breakdown. */
  payableList: '/gob/web/payable/queryList',
  /** 缴费通知单 data of one application. */
  paymentNotice: '/gob/web/payable/queryNotice',
  /** Staff × products of a period with their participation state (the persons below the totals). */
  joinMedSituationList: '/gob/web/StaffInfo/queryJoinMedSituationList',
  joinMedSituationExport: '/gob/web/StaffInfo/exportJoinMedSituation',
} as const;

export type ApiPathName = keyof typeof ApiPath;

/*
 * Whether a call's body is sealed is its contract's `sealed` (contracts/calls/*), not a list here.
 * applyHelpImport is `sealed: false` (spec §7: not wrapped).
 */
