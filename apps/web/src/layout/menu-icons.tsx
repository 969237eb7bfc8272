import type { ComponentType } from 'react';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import ClusterOutlined from '@ant-design/icons/ClusterOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import FileAddOutlined from '@ant-design/icons/FileAddOutlined';
import AccountBookOutlined from '@ant-design/icons/AccountBookOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import MedicineBoxOutlined from '@ant-design/icons/MedicineBoxOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import PieChartOutlined from '@ant-design/icons/PieChartOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import FormOutlined from '@ant-design/icons/FormOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { IconName, MenuGroup } from '../app/routes';

/** Route icons by name, each imported on its own (no icon barrel in the bundle). */
export const MENU_ICONS: Record<IconName, ComponentType> = {
  home: HomeOutlined,
  mail: MailOutlined,
  todo: ScheduleOutlined,
  union: BankOutlined,
  history: HistoryOutlined,
  enterprise: ApartmentOutlined,
  branch: ClusterOutlined,
  profile: IdcardOutlined,
  apply: FileAddOutlined,
  payment: AccountBookOutlined,
  staff: TeamOutlined,
  subsidy: MedicineBoxOutlined,
  review: AuditOutlined,
  treatment: FileSearchOutlined,
  record: ProfileOutlined,
  participation: PieChartOutlined,
  basic: AppstoreOutlined,
  handling: FormOutlined,
  query: SearchOutlined,
};

export const GROUP_ICONS: Record<MenuGroup, IconName> = { 基础管理: 'basic', 网上经办: 'handling', 综合查询: 'query' };

export function MenuIcon({ name }: { name?: IconName }) {
  if (!name) return null;
  const Icon = MENU_ICONS[name];
  return <Icon />;
}
