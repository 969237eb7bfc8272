import { lazy } from 'react';
import ControlOutlined from '@ant-design/icons/ControlOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { featureCalls } from '@hall/shared/contracts/features.ts';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import type { ConsoleRoute } from './route';

/** 系统管理 and 审计: accounts, content, settings, the audit log. */
export const adminRoutes: readonly ConsoleRoute[] = [
  {
    path: 'accounts',
    title: '账号管理',
    group: 'admin',
    icon: UserOutlined,
    // Finding reads: the auditor sees the page without its actions (each a call of admin's).
    calls: [opsAdminCalls.opsAccountFind],
    page: lazy(() => import('../../features/accounts/AccountsPage')),
  },
  {
    path: 'operators',
    title: '操作员',
    group: 'admin',
    icon: TeamOutlined,
    calls: [opsAdminCalls.opsOperatorList],
    page: lazy(() => import('../../features/operators/OperatorsPage')),
  },
  {
    path: 'notices',
    title: '公告',
    group: 'admin',
    icon: NotificationOutlined,
    calls: [opsCalls.opsNoticeList],
    page: lazy(() => import('../../features/notices/NoticesPage')),
  },
  {
    path: 'messages',
    title: '消息',
    group: 'admin',
    icon: MailOutlined,
    // A form that only sends: the page is the sender's.
    calls: [opsCalls.opsMailSend],
    page: lazy(() => import('../../features/messages/MessagesPage')),
  },
  {
    path: 'flags',
    title: '功能开关',
    group: 'admin',
    icon: ControlOutlined,
    calls: [featureCalls.opsFeatureFlagList],
    page: lazy(() => import('../../features/flags/FlagsPage')),
  },
  {
    path: 'audit',
    title: '审计日志',
    group: 'admin',
    icon: FileSearchOutlined,
    calls: [opsAdminCalls.opsAuditList],
    page: lazy(() => import('../../features/audit/AuditPage')),
  },
];
