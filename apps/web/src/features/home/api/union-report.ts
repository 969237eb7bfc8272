import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unionReportCalls } from '@hall/shared/contracts/union-reports.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

/*
 * A level-1 union's own 统计报表 (the /Home section): its enrolment, benefits and fund, counted by
 * the server over the union and its units (the session says which union; nothing here names it).
 */

export type UnionEnrolmentQuery = CallInput<typeof unionReportCalls.unionReportEnrolment>;
export type UnionEnrolment = CallData<typeof unionReportCalls.unionReportEnrolment>;
export type UnionEnrolmentRow = UnionEnrolment['list'][number];
export type UnionBenefits = CallData<typeof unionReportCalls.unionReportBenefits>;
export type UnionFund = CallData<typeof unionReportCalls.unionReportFund>;
export type UnionFundRow = UnionFund['list'][number];

export const unionReportKey = ['home', 'unionReport'] as const;

/** unionReportFund: every period of the union's fund, newest first (also the years to choose from). */
export const fetchUnionFund = () => request.call(unionReportCalls.unionReportFund).then((a) => a.data);
export const useUnionFund = () => useQuery({ queryKey: [...unionReportKey, 'fund'], queryFn: fetchUnionFund, staleTime: 60_000 });

/** unionReportEnrolment: a year's enrolment of the union by unit, product or union type. */
export const fetchUnionEnrolment = (q: UnionEnrolmentQuery) => request.call(unionReportCalls.unionReportEnrolment, q).then((a) => a.data);
export const useUnionEnrolment = (q: UnionEnrolmentQuery | null) =>
  useQuery({
    queryKey: [...unionReportKey, 'enrolment', q],
    queryFn: () => fetchUnionEnrolment(q!),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** unionReportBenefits: a year's benefits of the union's units by month and product. */
export const fetchUnionBenefits = (year: number) => request.call(unionReportCalls.unionReportBenefits, { year }).then((a) => a.data);
export const useUnionBenefits = (year: number | null) =>
  useQuery({
    queryKey: [...unionReportKey, 'benefits', year],
    queryFn: () => fetchUnionBenefits(year!),
    enabled: year !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export type UnionReportExport =
  | { report: 'enrolment'; query: UnionEnrolmentQuery }
  | { report: 'benefits'; year: number }
  | { report: 'fund' };

/** 导出Excel of the report shown, as the server writes it (totals last). */
export const exportUnionReport = (e: UnionReportExport) => {
  if (e.report === 'enrolment')
    return download(unionReportCalls.unionReportEnrolmentExport, e.query, `本工会参保统计-${e.query.year}.xlsx`);
  if (e.report === 'benefits')
    return download(unionReportCalls.unionReportBenefitsExport, { year: e.year }, `本工会待遇统计-${e.year}.xlsx`);
  return download(unionReportCalls.unionReportFundExport, undefined, '本工会互助金收支.xlsx');
};
export const useUnionReportExport = () => useChange(exportUnionReport);
