import { z } from 'zod';
import { UNION_ENROLMENT_GROUPS } from '../money/reports';
import { fileBytes } from './answers';
import { defineContracts, post } from './define';
import { benefitFigures, benefitMonth, benefitProduct, enrolmentFigures, enrolmentRow, fundRow, reportYear } from './ops-reports';

/*
 * A level-1 union's own 统计报表 (issue 20), a section of its /Home: the console's reports counted
 * over the union and its units only. Whose figures they are comes from the session, never from a
 * field: a union id sent along is ignored; any other unit is refused (the service). Not
 * needInsured, as the union's other pages (/uniInformationBase): the figures are its units'.
 */

const enrolmentFilter = z.object({
  year: reportYear,
  by: z.enum(UNION_ENROLMENT_GROUPS, { error: '分组方式不正确' }).default('unit'),
});
const yearOnly = z.object({ year: reportYear });

export const unionReportCalls = defineContracts(['工会统计'], {
  unionReportEnrolment: {
    ...post.unit,
    path: '/gob/web/unionReport/enrolment',
    writes: false,
    request: enrolmentFilter,
    response: z.strictObject({ list: z.array(enrolmentRow), total: z.strictObject(enrolmentFigures) }),
    summary: '本工会参保统计：一个互助年度本工会及下属单位按单位、险种或工会类型分组的单位数、人次、份数、应缴、实缴与缴费率',
  },
  unionReportEnrolmentExport: {
    ...post.unit,
    path: '/gob/web/unionReport/enrolment/export',
    sealed: 'either',
    writes: false,
    request: enrolmentFilter,
    response: fileBytes,
    summary: '导出本工会参保统计（Excel，同分组，末行合计）',
  },
  unionReportBenefits: {
    ...post.unit,
    path: '/gob/web/unionReport/benefits',
    writes: false,
    request: yearOnly,
    response: z.strictObject({
      months: z.array(benefitMonth).describe('该年 1–12 月（互助待遇按出院月份，补助按审批月份）'),
      products: z.array(benefitProduct),
      total: z.strictObject(benefitFigures),
    }),
    summary: '本工会待遇统计：本工会及下属单位一年中每月与每个险种的互助待遇、补助的笔数与金额',
  },
  unionReportBenefitsExport: {
    ...post.unit,
    path: '/gob/web/unionReport/benefits/export',
    sealed: 'either',
    writes: false,
    request: yearOnly,
    response: fileBytes,
    summary: '导出本工会待遇统计（Excel，每月一行，末行合计）',
  },
  unionReportFund: {
    ...post.unit,
    path: '/gob/web/unionReport/fund',
    writes: false,
    response: z.strictObject({ list: z.array(fundRow).describe('新的年度在前') }),
    summary: '本工会互助金收支：本工会及下属单位每个互助年度的缴费收入、待遇支出、待支付、结余与赔付率',
  },
  unionReportFundExport: {
    ...post.unit,
    path: '/gob/web/unionReport/fund/export',
    sealed: 'either',
    writes: false,
    response: fileBytes,
    summary: '导出本工会互助金收支（Excel）',
  },
});
