/**
 * The calls of the union organisation pages (issue 10: /basic-management, /subuni-management)
 * beyond the spec's two (ApiPath.uactRelevQueryList, uactRelevUpdate): in a module of their own so
 * the first screens do not carry them.
 */
export const OrgPath = {
  subAdd: '/gob/web/uactRelevParNaService/insertData',
  subUpdate: '/gob/web/uactRelevParNaService/updateInfoByID',
  subAccount: '/gob/web/uactRelevParNaService/updateAccountState',
  subNotify: '/gob/web/uactRelevParNaService/notifyDeclare',
  subExport: '/gob/web/uactRelevParNaService/exportList',
  subOptions: '/gob/web/uactRelevParNaService/actingOptions',
  subTemplate: '/gob/web/uactRelevParNaService/downloadTemplate',
  subImport: '/gob/web/uactRelevParNaService/importData',
  subImportConfirm: '/gob/web/uactRelevParNaService/confirmImport',
  subImportDiscard: '/gob/web/uactRelevParNaService/discardImport',
  subImportReport: '/gob/web/uactRelevParNaService/downloadImportReport',
} as const;
