import { Space, Tag } from 'antd';
import '../../../components/components.css';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { authorizationLabel, EMPTY_LABEL, notificationLabel } from '@hall/shared/codes/labels.ts';
import { StatusTag } from '../../../components/StatusTag';
import type { Account, LoginType } from '../api/account-find';

export const LOGIN_TYPES: Array<{ value: LoginType; label: string; placeholder: string }> = [
  { value: 'unit', label: '单位', placeholder: '单位账号、统一社会信用代码或名称' },
  { value: 'personal', label: '职工', placeholder: '身份证号' },
  { value: 'operator', label: '操作员', placeholder: '操作员账号或姓名' },
];

const STATUS: Record<Account['status'], { label: string; color: string }> = {
  active: { label: '正常', color: 'success' },
  disabled: { label: '已停用', color: 'default' },
  pending: { label: '待审核', color: 'processing' },
  rejected: { label: '已驳回', color: 'error' },
};

/** Locked: the lockout (five wrong passwords) has not yet run out. */
export const isLocked = (row: Pick<Account, 'lockedUntil'>, now = Date.now()) =>
  row.lockedUntil !== null && Date.parse(row.lockedUntil) > now;

/** The account's state and, when locked, until when; a reset password waiting for its change. */
export const AccountState = ({ row }: { row: Account }) => (
  <Space size={4} wrap>
    <Tag className="status-tag" color={STATUS[row.status].color}>
      {STATUS[row.status].label}
    </Tag>
    {isLocked(row) ? (
      <Tag className="status-tag" color="warning">
        锁定至 {chinaMinute(row.lockedUntil ?? '')}
      </Tag>
    ) : null}
    {row.mustChangePassword ? <Tag>待修改初始密码</Tag> : null}
  </Space>
);

/** Level-1 union types (units.uni_type). */
export const UNION_TYPE_LABELS: Record<string, string> = { '92': '联合基层工会', '93': '行业工会', '99': '独立基层工会' };

/** An account's state in one word (正常 / 已锁定 / 已停用 …): a disabled account's lock does not matter. */
export function AccountStateTag({ row }: { row: Pick<Account, 'status' | 'lockedUntil'> }) {
  if (row.status === 'active' && isLocked(row)) return <StatusTag color="warning">已锁定</StatusTag>;
  return <StatusTag color={STATUS[row.status].color}>{STATUS[row.status].label}</StatusTag>;
}

/** Colour per state: green done, blue in progress, amber waiting, grey ended (as the portal's). */
const AUTHORIZATION_COLORS: Record<string, string> = { '1': 'success', '2': 'default' };
const NOTIFICATION_COLORS: Record<string, string> = { '0': 'warning', '1': 'processing', '2': 'default', '3': 'success' };

/** A state of a level-2 unit as a tag; none (a state the unit's kind has not) reads 无 as plain text. */
function UnitStateTag({ label, color }: { label: string; color?: string }) {
  if (label === EMPTY_LABEL || !color) return <span>{EMPTY_LABEL}</span>;
  return <StatusTag color={color}>{label}</StatusTag>;
}

/** 授权状态 of a 93 union's branch: 已授权 / 已解除授权. */
export const AuthorizationTag = ({ value }: { value: string | null }) => (
  <UnitStateTag label={authorizationLabel(value)} color={AUTHORIZATION_COLORS[value ?? '']} />
);

/** 通知状态 of a 92 union's enterprise: 未通知 / 已通知 / 已撤销申报 / 已申报. */
export const NotificationTag = ({ value }: { value: string | null }) => (
  <UnitStateTag label={notificationLabel(value)} color={NOTIFICATION_COLORS[value ?? '']} />
);
