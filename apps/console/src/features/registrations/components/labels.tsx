import { StatusTag as ColouredTag } from '../../../components/StatusTag';
import type { Registration, RegistrationStatus } from '../api/registration-list';

export const KIND_LABELS: Record<Registration['kind'], string> = { unit: '单位', bidding: '公开招标单位' };

export const STATUS_OPTIONS: Array<{ value: RegistrationStatus; label: string }> = [
  { value: 'pending', label: '待审核' },
  { value: 'approved', label: '已通过' },
  { value: 'rejected', label: '已驳回' },
];

const COLORS: Record<RegistrationStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

/** The server's status label in its colour. */
export const StatusTag = ({ row }: { row: Pick<Registration, 'status' | 'statusLabel'> }) => (
  <ColouredTag color={COLORS[row.status]}>{row.statusLabel}</ColouredTag>
);
