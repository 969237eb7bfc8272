import { describe, expect, it } from 'vitest';
import { errorReportName } from './import-report';

describe('errorReportName', () => {
  it('names every import’s report one way: {导入名}错误报告-{上传的文件名}.xlsx', () => {
    expect(errorReportName('roster', '名单.xlsx')).toBe('职工名单导入错误报告-名单.xlsx');
    expect(errorReportName('apply', '2027年申报.csv')).toBe('互助申请导入错误报告-2027年申报.xlsx');
    expect(errorReportName('org', '企业.清单.XLSX')).toBe('下属单位导入错误报告-企业.清单.xlsx');
    expect(errorReportName('org', '.xlsx')).toBe('下属单位导入错误报告.xlsx');
  });
});
