import type { ComponentType } from 'react';
import type { IconName, MenuGroup, RouteHandle, RouteMeta, TransferGroup } from '../lib/route-handle';

export type { IconName, MenuGroup, RouteHandle, RouteMeta, TransferGroup };

/**
 * The route table (spec §2, R1-R13): every route of the portal with its Chinese title
 * (GLOSSARY.md) and meta. The menu, breadcrumb, tags, document title, keep-alive and the
 * guard all read this one file; access.ts decides which entries a user gets.
 */

/** Who may use a route. A unit's role comes from uactLevel and uniType (DESIGN.md §5). */
export type Role = 'unit' | 'union92' | 'union93' | 'union99' | 'personal';

export const MENU_GROUPS: readonly MenuGroup[] = ['基础管理', '网上经办', '综合查询'];

export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface PageRoute {
  path: string;
  meta: RouteMeta;
  page: PageLoader;
  /** Menu group; absent for /Home and hidden routes. */
  group?: MenuGroup;
  /** Roles that have this route; absent = public. */
  roles?: readonly Role[];
}

const UNITS: readonly Role[] = ['unit', 'union92', 'union93', 'union99'];
const UNIONS: readonly Role[] = ['union92', 'union93', 'union99'];
const EVERYONE: readonly Role[] = [...UNITS, 'personal'];

/**
 * The public area's pages (registration, notices, recovery, print) load together, as one chunk,
 * on the first visit to any of them. Page by page, their antd pieces cut the chunks the portal
 * shell shares with them into many small ones and pushed the logged-in first screen over its
 * budget (docs/decisions.md, "Bundle budgets hold the first screens"). The gateway stays apart.
 */
type PublicAreaPage = keyof typeof import('./public-pages');
const publicArea =
  (name: PublicAreaPage): PageLoader =>
  () =>
    import('./public-pages').then((module) => ({ default: module[name] }));

/** The 互助档案 pages (feature flag archives): one chunk, one import() site (bundle budget). */
type ArchivePage = keyof typeof import('../features/archive/pages');
const archivePage =
  (name: ArchivePage): PageLoader =>
  () =>
    import('../features/archive/pages').then((module) => ({ default: module[name] }));

/** Public pages, outside the portal layout, present in every route set (R2). */
export const publicRoutes: readonly PageRoute[] = [
  { path: '/gatePage', meta: { title: '登录', hidden: true }, page: () => import('../features/auth/pages/GatePage') },
  { path: '/improveInfo', meta: { title: '完善信息', hidden: true }, page: publicArea('ImproveInfoPage') },
  { path: '/register', meta: { title: '注册', hidden: true }, page: publicArea('RegisterPage') },
  { path: '/registerNext', meta: { title: '注册', hidden: true }, page: publicArea('RegisterNextPage') },
  { path: '/registerEnd', meta: { title: '注册完成', hidden: true }, page: publicArea('RegisterEndPage') },
  // keepAlive: public pages sit outside the layout's <Activity>; the page keeps its form in a store.
  { path: '/unit-register', meta: { title: '注册', hidden: true, keepAlive: true }, page: publicArea('UnitRegisterPage') },
  { path: '/mining-register', meta: { title: '公开招标单位注册', hidden: true }, page: publicArea('MiningRegisterPage') },
  { path: '/gateNotice', meta: { title: '通知公告', hidden: true }, page: publicArea('NoticeListPage') },
  { path: '/gateDetail', meta: { title: '详情', hidden: true }, page: publicArea('NoticeDetailPage') },
  { path: '/gateRule', meta: { title: '办事指南', hidden: true }, page: publicArea('GuidePage') },
  { path: '/bindEmail', meta: { title: '绑定邮箱', hidden: true }, page: publicArea('BindEmailPage') },
  { path: '/restPwd', meta: { title: '重置密码', hidden: true }, page: publicArea('ResetPasswordPage') },
  { path: '/findback-pwd', meta: { title: '找回密码', hidden: true }, page: publicArea('FindBackPasswordPage') },
  { path: '/print', meta: { title: '打印', hidden: true }, page: publicArea('PrintPage') },
  // biome-ignore lint/suspicious/noImportCycles: a lazy chunk, loaded after this table (the catalogue lists it)
  { path: '/allopatrySearch', meta: { title: '服务目录', hidden: true }, page: () => import('./ServiceCatalogPage') },
  { path: '/404', meta: { title: '页面不存在', hidden: true }, page: () => import('../features/errors/NotFoundPage') },
  { path: '/Transfer/404', meta: { title: '登录已失效', hidden: true }, page: () => import('../features/errors/SessionExpiredPage') },
];

/** Pages inside the portal layout (header, sidebar, tags), in menu order (R7-R10). */
export const layoutRoutes: readonly PageRoute[] = [
  {
    path: '/Home',
    meta: { title: '首页', icon: 'home', affix: true, needInsured: true, keepAlive: true },
    page: () => import('../features/home/HomePage'),
    roles: EVERYONE,
  },
  // 基础管理. Mail and to-do are readable without insurance (docs/decisions.md, "Uninsured users read their own"): the spec's §2 lists them
  // under "require insured status", issue 17 decides otherwise.
  {
    path: '/mail',
    group: '基础管理',
    roles: EVERYONE,
    meta: { title: '收件箱消息', icon: 'mail', keepAlive: true },
    page: () => import('../features/mail/MailPage'),
  },
  {
    path: '/to-list',
    group: '基础管理',
    roles: EVERYONE,
    meta: { title: '待办事项', icon: 'todo', keepAlive: true },
    page: () => import('../features/todo/TodoPage'),
  },
  {
    path: '/uniInformationBase',
    group: '基础管理',
    roles: UNIONS,
    meta: { title: '基层工会信息', icon: 'union' },
    page: () => import('../features/union/UnionInfoPage'),
  },
  {
    path: '/uniInformationEdit',
    group: '基础管理',
    roles: UNIONS,
    meta: { title: '工会信息变更记录', icon: 'history', keepAlive: true },
    page: () => import('../features/union/UnionChangesPage'),
  },
  {
    path: '/basic-management',
    group: '基础管理',
    roles: ['union92'],
    meta: { title: '企业单位管理', icon: 'enterprise', needInsured: true, keepAlive: true },
    page: () => import('../features/org/BasicManagementPage'),
  },
  {
    path: '/subuni-management',
    group: '基础管理',
    roles: ['union93'],
    meta: { title: '下属分会管理', icon: 'branch', keepAlive: true },
    page: () => import('../features/org/SubuniManagementPage'),
  },
  {
    path: '/personalInformationBase',
    group: '基础管理',
    roles: ['personal'],
    meta: { title: '个人基本信息', icon: 'profile' },
    page: () => import('../features/personal-info/PersonalInfoPage'),
  },
  // 网上经办
  {
    path: '/apply-query',
    group: '网上经办',
    roles: UNITS,
    meta: { title: '互助申请', icon: 'apply', needInsured: true, keepAlive: true },
    page: () => import('../features/apply/ApplyQueryPage'),
  },
  {
    path: '/payment',
    group: '网上经办',
    roles: UNITS,
    meta: { title: '应缴金额', icon: 'payment', needInsured: true, keepAlive: true },
    page: () => import('../features/payment/PaymentPage'),
  },
  {
    path: '/mutual-aid-staff-management',
    group: '网上经办',
    roles: UNITS,
    meta: { title: '互助人员管理', icon: 'staff', needInsured: true, keepAlive: true },
    page: () => import('../features/staff/StaffPage'),
  },
  {
    path: '/subsidy-application',
    group: '网上经办',
    roles: UNITS,
    meta: { title: '补助申请', icon: 'subsidy', needInsured: true, keepAlive: true },
    page: () => import('../features/claims/SubsidyApplicationPage'),
  },
  {
    path: '/subsidy-application-personal',
    group: '网上经办',
    roles: ['personal'],
    meta: { title: '补助申请', icon: 'subsidy', needInsured: true, keepAlive: true },
    page: () => import('../features/claims/SubsidyApplicationPersonalPage'),
  },
  // Reviewing member enterprises' applications does not depend on the union's own insurance.
  {
    path: '/apply-examine',
    group: '网上经办',
    roles: ['union92'],
    meta: { title: '申请审核', icon: 'review', keepAlive: true },
    page: () => import('./ExaminePage'),
  },
  // 综合查询
  {
    path: '/mutual-aid-treatment-query',
    group: '综合查询',
    roles: UNITS,
    meta: { title: '互助待遇查询', icon: 'treatment', needInsured: true, keepAlive: true },
    page: () => import('../features/treatment/TreatmentQueryPage'),
  },
  {
    path: '/mutual-aid-treatment-query-personal',
    group: '综合查询',
    roles: ['personal'],
    meta: { title: '互助待遇查询', icon: 'treatment', keepAlive: true },
    page: () => import('../features/treatment/TreatmentPersonalPage'),
  },
  {
    path: '/subsidy-record-query',
    group: '综合查询',
    roles: UNITS,
    meta: { title: '补助记录查询', icon: 'record', needInsured: true, keepAlive: true },
    page: () => import('../features/claims/SubsidyRecordQueryPage'),
  },
  {
    path: '/subsidy-record-query-personal',
    group: '综合查询',
    roles: ['personal'],
    meta: { title: '补助记录查询', icon: 'record', keepAlive: true },
    page: () => import('../features/claims/SubsidyRecordQueryPersonalPage'),
  },
  {
    path: '/participation',
    group: '综合查询',
    roles: UNITS,
    meta: { title: '职工参加医疗互助情况', icon: 'participation', needInsured: true, keepAlive: true },
    page: () => import('../features/participation/ParticipationPage'),
  },
  // 互助档案 (feature flag archives, docs-flags.md F3): listed while the flag is on.
  {
    path: '/mutual-aid-archive',
    group: '综合查询',
    roles: UNITS,
    meta: { title: '单位互助档案', icon: 'history', flag: 'archives' },
    page: archivePage('ArchiveUnitPage'),
  },
  {
    path: '/mutual-aid-archive-personal',
    group: '综合查询',
    roles: ['personal'],
    meta: { title: '个人互助档案', icon: 'history', flag: 'archives' },
    page: archivePage('ArchivePersonalPage'),
  },
  // Hidden screens of the layout
  {
    path: '/personal-password',
    roles: ['personal'],
    meta: { title: '个人密码修改', hidden: true, breadcrumb: ['修改密码'] },
    page: () => import('../features/auth/pages/PersonalPasswordPage'),
  },
  // R1: re-enters a route; the tags' 刷新 goes through /redirect/{fullPath}.
  { path: '/redirect/*', roles: EVERYONE, meta: { title: '刷新', hidden: true }, page: () => import('./RedirectPage') },
];

export interface TransferRoute extends PageRoute {
  transferGroup: TransferGroup;
}

/**
 * Pages of the transfer layout (any path containing /transfer, R12): the scheme's own transfer
 * services (issue 10, docs-personal.md P1): 关系转出 / 关系转入 and 异地就医备案 under 网上经办, the
 * medical-insurance status query under 业务查询.
 */
export const transferRoutes: readonly TransferRoute[] = [
  {
    path: '/transfer/different-place-register',
    transferGroup: '网上经办',
    roles: EVERYONE,
    meta: { title: '异地就医备案', hidden: true },
    page: () => import('../features/transfer/DifferentPlacePage'),
  },
  {
    path: '/transfer/relationship-into-apply-register',
    transferGroup: '网上经办',
    roles: UNITS,
    meta: { title: '关系转入申请', hidden: true },
    page: () => import('../features/transfer/TransferIntoPage'),
  },
  {
    path: '/transfer/relationship-out-apply-register',
    transferGroup: '网上经办',
    roles: UNITS,
    meta: { title: '关系转出申请', hidden: true },
    page: () => import('../features/transfer/TransferOutPage'),
  },
  {
    path: '/transfer/insured-status-query',
    transferGroup: '业务查询',
    roles: UNITS,
    meta: { title: '医保参保状态查询', hidden: true },
    page: () => import('../features/transfer/InsuredStatusPage'),
  },
];
