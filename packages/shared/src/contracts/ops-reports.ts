import { z } from 'zod';
import { BENEFIT_VIEWS, ENROLMENT_GROUPS } from '../money/reports';
import { idField } from '../schemas/ids';
import { fileBytes } from './answers';
import { defineContracts, ops } from './define';

/*
 * The city union's statistics and reports (统计报表, issue 20): enrolment, benefits and the fund,
 * read from the summary tables kept on write (docs/decisions.md, "Report totals"). finance, data
 * and the administrator read them (the auditor too: they change nothing); each table exports to Excel.
 */

export const reportYear = z.coerce
  .number({ error: '请选择互助年度' })
  .int('互助年度不正确')
  .min(2000, '互助年度不正确')
  .max(2100, '互助年度不正确')
  .describe('互助年度（互助期的年份）');

const year = reportYear;

const enrolmentFilter = z.object({
  year,
  by: z.enum(ENROLMENT_GROUPS, { error: '分组方式不正确' }).default('district'),
  district: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '地区代码应为 6 位数字')
    .optional()
    .describe('单位所在地区代码（6 位）'),
  unionId: idField('工会不正确').optional().describe('一级工会（其本身与下属单位）'),
});

export const enrolmentFigures = {
  units: z.number().int().describe('参保单位数（有应缴明细的单位）'),
  lines: z.number().int().describe('参保人次（申报明细，每人每险种一条）'),
  shares: z.number().int().describe('份数'),
  dueFen: z.number().int().describe('应缴金额（分）：已审核待缴与已缴的申请'),
  receivedFen: z.number().int().describe('实缴金额（分）：已缴费的申请'),
  rate: z.number().nullable().describe('缴费率（实缴 / 应缴，0–1）；应缴为 0 时为 null'),
};
export const enrolmentRow = z.strictObject({ key: z.string(), label: z.string(), ...enrolmentFigures });

const benefitFilter = z.object({
  year,
  productCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{2,8}$/, '险种代码不正确')
    .optional(),
});

export const benefitFigures = {
  treatments: z.number().int().describe('互助待遇笔数（有金额的）'),
  treatmentFen: z.number().int().describe('互助待遇金额（分）'),
  claims: z.number().int().describe('补助笔数（已批准与已发放）'),
  claimFen: z.number().int().describe('补助金额（分）'),
};
const treatmentMix = z.strictObject({
  key: z.string().describe('医院等级（1、2、3、9）或 ICD-10 章（I–XXII；空：未能归类）'),
  label: z.string(),
  treatments: z.number().int().describe('互助待遇笔数（有金额的）'),
  treatmentFen: z.number().int().describe('互助待遇金额（分）'),
  paidFen: z.number().int().describe('其中已发放（分）'),
  share: z.number().nullable().describe('金额占比（0–1）；全年金额为 0 时为 null'),
});
export const benefitMonth = z.strictObject({ month: z.string().describe('YYYY-MM'), ...benefitFigures });
export const benefitProduct = z.strictObject({ productCode: z.string(), productName: z.string(), ...benefitFigures });

export const fundRow = z.strictObject({
  year: z.number().int(),
  periodName: z.string(),
  payments: z.number().int().describe('到账笔数'),
  receivedFen: z.number().int().describe('收入：已确认的缴费（分）'),
  paidOutFen: z.number().int().describe('支出：已发放的互助待遇与补助（分）'),
  paidTreatmentFen: z.number().int().describe('其中互助待遇（分）'),
  paidClaimFen: z.number().int().describe('其中补助（分）'),
  committedFen: z.number().int().describe('待支付：已核定未发放的互助待遇与已批准未发放的补助（分）'),
  balanceFen: z.number().int().describe('结余：收入 − 支出 − 待支付（分）'),
  payoutRatio: z.number().nullable().describe('赔付率（支出 / 收入，0–1）；收入为 0 时为 null'),
});

export const opsReportCalls = defineContracts(['操作员'], {
  opsReportEnrolment: {
    ...ops('finance', 'data', 'admin'),
    path: '/ops/api/reports/enrolment',
    writes: false,
    request: enrolmentFilter,
    response: z.strictObject({ list: z.array(enrolmentRow), total: z.strictObject(enrolmentFigures) }),
    summary: '参保统计：一个互助年度按地区、工会、工会类型或险种分组的单位数、人次、份数、应缴、实缴与缴费率（可按地区、工会筛选）',
  },
  opsReportEnrolmentExport: {
    ...ops('finance', 'data', 'admin'),
    path: '/ops/api/reports/enrolment/export',
    sealed: 'either',
    writes: false,
    request: enrolmentFilter,
    response: fileBytes,
    summary: '导出参保统计（Excel，同筛选条件，末行合计）',
  },
  opsReportBenefits: {
    ...ops('finance', 'data', 'admin'),
    path: '/ops/api/reports/benefits',
    writes: false,
    request: benefitFilter,
    response: z.strictObject({
      months: z.array(benefitMonth).describe('该年 1–12 月（互助待遇按出院月份，补助按审批月份）'),
      products: z.array(benefitProduct),
      total: z.strictObject(benefitFigures),
      levels: z.array(treatmentMix).describe('互助待遇按医疗机构等级（医保结算的医院等级），金额大的在前'),
      chapters: z.array(treatmentMix).describe('互助待遇按疾病（医保结算诊断的 ICD-10 章），金额大的在前'),
    }),
    summary: '待遇统计：一年中每月与每个险种的互助待遇、补助的笔数与金额；互助待遇按医院等级与疾病章节',
  },
  opsReportBenefitsExport: {
    ...ops('finance', 'data', 'admin'),
    path: '/ops/api/reports/benefits/export',
    sealed: 'either',
    writes: false,
    request: benefitFilter.extend({
      view: z
        .enum(BENEFIT_VIEWS, { error: '导出的表格不正确' })
        .default('months')
        .describe('months 每月；levels 按医院等级；chapters 按疾病章节'),
    }),
    response: fileBytes,
    summary: '导出待遇统计（Excel，每月、按医院等级或按疾病章节一行，末行合计）',
  },
  opsReportFund: {
    ...ops('finance', 'data', 'admin'),
    path: '/ops/api/reports/fund',
    writes: false,
    request: z.object({ year: year.optional().describe('不填：全部互助年度') }),
    response: z.strictObject({ list: z.array(fundRow).describe('新的年度在前') }),
    summary: '互助金收支：每个互助年度的收入、支出、待支付、结余与赔付率',
  },
  opsReportFundExport: {
    ...ops('finance', 'data', 'admin'),
    path: '/ops/api/reports/fund/export',
    sealed: 'either',
    writes: false,
    request: z.object({ year: year.optional() }),
    response: fileBytes,
    summary: '导出互助金收支（Excel）',
  },
});
