import { lazy } from 'react';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import { opsReportCalls } from '@hall/shared/contracts/ops-reports.ts';
import type { ConsoleRoute } from './route';

/** 统计: the fund's statistics and reports (finance, data, the administrator; the auditor reads). */
export const reportRoutes: readonly ConsoleRoute[] = [
  {
    path: 'reports',
    title: '统计报表',
    group: 'reports',
    icon: BarChartOutlined,
    calls: [opsReportCalls.opsReportFund, opsReportCalls.opsReportEnrolment, opsReportCalls.opsReportBenefits],
    page: lazy(() => import('../../features/reports/ReportsPage')),
  },
];
