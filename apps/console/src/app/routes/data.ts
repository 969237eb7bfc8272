import { lazy } from 'react';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import type { ConsoleRoute } from './route';

/** 数据管理: the bureau's files, periods and products. */
export const dataRoutes: readonly ConsoleRoute[] = [
  {
    path: 'registry',
    title: '参保登记',
    group: 'data',
    icon: IdcardOutlined,
    // The history only: the auditor reads the page; the load shows where the roles admit it (useMayCall).
    calls: [opsCalls.opsRegistryLoadList],
    page: lazy(() => import('../../features/bureau-files/RegistryPage')),
  },
  {
    path: 'settlements',
    title: '结算数据',
    group: 'data',
    icon: CloudUploadOutlined,
    calls: [opsTreatmentCalls.opsSettlementLoadList],
    page: lazy(() => import('../../features/bureau-files/SettlementsPage')),
  },
  {
    path: 'periods',
    title: '互助期与产品',
    group: 'data',
    icon: CalendarOutlined,
    // The list only: finance and the auditor read it; 新建 and 修改 show where the roles admit them.
    calls: [opsCalls.opsPeriodList],
    page: lazy(() => import('../../features/periods/PeriodsPage')),
  },
];
