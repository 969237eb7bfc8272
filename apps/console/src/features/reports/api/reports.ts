import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { opsReportCalls } from '@hall/shared/contracts/ops-reports.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';

export type EnrolmentQuery = CallInput<typeof opsReportCalls.opsReportEnrolment>;
export type EnrolmentReport = CallData<typeof opsReportCalls.opsReportEnrolment>;
export type EnrolmentRow = EnrolmentReport['list'][number];
export type BenefitQuery = CallInput<typeof opsReportCalls.opsReportBenefits>;
export type BenefitReport = CallData<typeof opsReportCalls.opsReportBenefits>;
export type TreatmentMixRow = BenefitReport['levels'][number];
export type BenefitExportView = NonNullable<CallInput<typeof opsReportCalls.opsReportBenefitsExport>['view']>;
export type FundReport = CallData<typeof opsReportCalls.opsReportFund>;
export type FundRow = FundReport['list'][number];

/** The file of each table of 待遇统计 (the server names its sheet the same). */
const BENEFIT_EXPORT_TITLES: Record<BenefitExportView, string> = {
  months: '待遇统计',
  levels: '待遇统计-按医院等级',
  chapters: '待遇统计-按疾病章节',
};

const reportsKey = ['ops', 'reports'] as const;

/** 参保统计 of a year in one grouping (the figures come from summary tables: cheap to ask again). */
export const useEnrolmentReport = (query: EnrolmentQuery, enabled = true) =>
  useQuery({
    queryKey: [...reportsKey, 'enrolment', query],
    queryFn: () => request.call(opsReportCalls.opsReportEnrolment, query).then((a) => a.data),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useBenefitReport = (query: BenefitQuery, enabled = true) =>
  useQuery({
    queryKey: [...reportsKey, 'benefits', query],
    queryFn: () => request.call(opsReportCalls.opsReportBenefits, query).then((a) => a.data),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Every period's fund (a few rows): also the page's list of years. */
export const useFundReport = () =>
  useQuery({ queryKey: [...reportsKey, 'fund'], queryFn: () => request.call(opsReportCalls.opsReportFund, {}).then((a) => a.data) });

/** Each table's Excel, with the filters shown (the server writes the same rows and the totals line). */
export const useReportExport = () =>
  useMutation({
    mutationFn: (
      what:
        | { kind: 'enrolment'; query: EnrolmentQuery }
        | { kind: 'benefits'; query: BenefitQuery; view?: BenefitExportView }
        | { kind: 'fund' },
    ) => {
      if (what.kind === 'enrolment')
        return download(opsReportCalls.opsReportEnrolmentExport, what.query, `参保统计-${what.query.year}.xlsx`);
      if (what.kind === 'benefits') {
        const view = what.view ?? 'months';
        const title = BENEFIT_EXPORT_TITLES[view];
        return download(opsReportCalls.opsReportBenefitsExport, { ...what.query, view }, `${title}-${what.query.year}.xlsx`);
      }
      return download(opsReportCalls.opsReportFundExport, {}, '互助金收支.xlsx');
    },
  });
