import { lazy } from 'react';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import { unionCalls } from '@hall/shared/contracts/union.ts';
import type { ConsoleRoute } from './route';

/** 业务审核: the reviewer's queues (the auditor reads them: every list call writes nothing). */
export const reviewRoutes: readonly ConsoleRoute[] = [
  {
    path: 'registrations',
    title: '单位注册审核',
    group: 'review',
    icon: AuditOutlined,
    calls: [opsCalls.opsRegistrationList],
    page: lazy(() => import('../../features/registrations/RegistrationsPage')),
  },
  {
    path: 'claims',
    title: '补助审核',
    group: 'review',
    icon: FileSearchOutlined,
    calls: [opsClaimCalls.opsClaimList, opsClaimCalls.opsClaimDetail],
    page: lazy(() => import('../../features/claims/ClaimsPage')),
  },
  {
    path: 'union-changes',
    title: '工会信息变更审核',
    group: 'review',
    icon: EditOutlined,
    calls: [unionCalls.opsUnionChangeList, unionCalls.opsUnionChangeDetail],
    page: lazy(() => import('../../features/union-changes/UnionChangesPage')),
  },
  {
    path: 'transfers',
    title: '关系转移',
    group: 'review',
    icon: SwapOutlined,
    calls: [personalCalls.opsTransferList],
    page: lazy(() => import('../../features/transfers/TransfersPage')),
  },
  {
    path: 'filings',
    title: '异地就医备案',
    group: 'review',
    icon: EnvironmentOutlined,
    calls: [personalCalls.opsFilingList],
    page: lazy(() => import('../../features/filings/FilingsPage')),
  },
];
