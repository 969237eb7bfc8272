/**
 * The calls of the person's own record and the transfer pages (issue 10): apart from ApiPath, so
 * that the first screens (bundle budget) do not carry them.
 */
export const PersonalPath = {
  // /personalInformationBase (personal accounts)
  personalInfo: '/gob/web/personalInfo/queryOwn',
  personalPhoneCode: '/gob/web/personalInfo/sendPhoneCode',
  personalPhoneChange: '/gob/web/personalInfo/changePhone',
  personalCardCode: '/gob/web/personalInfo/sendCardCode',
  personalCardChange: '/gob/web/personalInfo/changeCard',
  // 关系转出 / 关系转入 (unit accounts)
  transferUnitSearch: '/gob/web/relationTransfer/searchUnit',
  transferStaffOptions: '/gob/web/relationTransfer/staffOptions',
  transferOutApply: '/gob/web/relationTransfer/outApply',
  transferOutCancel: '/gob/web/relationTransfer/outCancel',
  transferList: '/gob/web/relationTransfer/getPageList',
  transferReceive: '/gob/web/relationTransfer/intoReceive',
  transferReturn: '/gob/web/relationTransfer/intoReturn',
  // 异地就医备案 (unit accounts for their staff; the worker for themself)
  filingStaffOptions: '/gob/web/differentPlace/staffOptions',
  filingApply: '/gob/web/differentPlace/apply',
  filingList: '/gob/web/differentPlace/getPageList',
  // 医保参保状态查询 (unit accounts)
  insuredStatusList: '/gob/web/insuredStatus/getPageList',
  insuredStatusExport: '/gob/web/insuredStatus/exportList',
} as const;
