import { lazy } from 'react';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import type { ConsoleRoute } from './route';

export const workbenchRoute: ConsoleRoute = {
  path: '',
  title: '工作台',
  icon: DashboardOutlined,
  calls: [opsAdminCalls.opsDashboard],
  page: lazy(() => import('../../features/workbench/WorkbenchPage')),
};
