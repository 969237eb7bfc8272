import { Tag } from 'antd';
import './components.css';
import { authorizationLabel, EMPTY_LABEL, notificationLabel } from '@hall/shared/codes/labels.ts';

/** Colour per state: green done, blue in progress, default (grey) ended. */
const AUTHORIZATION_COLORS: Record<string, string> = { '1': 'success', '2': 'default' };
const NOTIFICATION_COLORS: Record<string, string> = { '0': 'warning', '1': 'processing', '2': 'default', '3': 'success' };

function StatusTag({ label, color }: { label: string; color?: string }) {
  // An empty value reads 无 as plain text: a tag would suggest a state.
  if (label === EMPTY_LABEL) return <span className="status-empty">{EMPTY_LABEL}</span>;
  return <Tag color={color}>{label}</Tag>;
}

/** Branch union authorization (R33): '1' 已授权, '2' 已解除授权, empty 无. */
export function AuthorizationStatus({ value }: { value: unknown }) {
  return <StatusTag label={authorizationLabel(value)} color={AUTHORIZATION_COLORS[String(value)]} />;
}

/** Enterprise notification (R33): '0' 未通知, '1' 已通知, '2' 已撤销申报, '3' 已申报, empty 无. */
export function NotificationStatus({ value }: { value: unknown }) {
  return <StatusTag label={notificationLabel(value)} color={NOTIFICATION_COLORS[String(value)]} />;
}
