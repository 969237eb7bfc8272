/**
 * The error report of an import (职工名单, 互助申请, 下属单位, the bureau's files): one name style for all,
 * `{导入名}错误报告-{上传的文件名}.xlsx`, e.g. `职工名单导入错误报告-2027年名单.xlsx`. The import's
 * name first, so a clerk's reports sort together and say what they are; the uploaded file's name
 * (without its extension) tells the batch apart, as the clerk knows it. One sheet, 错误报告. The
 * server names the download so; the portal's fallback name (no Content-Disposition) is the same.
 */

export const IMPORT_NAMES = {
  roster: '职工名单导入',
  apply: '互助申请导入',
  org: '下属单位导入',
  registry: '参保登记导入',
  settlement: '医保结算导入',
  statement: '银行对账单导入',
} as const;

export type ImportKind = keyof typeof IMPORT_NAMES;

export const ERROR_REPORT_SHEET = '错误报告';

/** `职工名单导入错误报告-名单.xlsx` for the batch uploaded as 名单.xlsx. */
export function errorReportName(kind: ImportKind, uploadedName: string): string {
  const base = uploadedName.replace(/\.[^.]*$/, '').trim();
  return `${IMPORT_NAMES[kind]}${ERROR_REPORT_SHEET}${base ? `-${base}` : ''}.xlsx`;
}
