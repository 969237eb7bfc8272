import { StatusTag } from '../../../components/StatusTag';
import type { ClaimRow, ClaimState } from '../api/claim-list';

/** The states the city union looks at (drafts and the units' and unions' reviews are not its own). */
export const STATE_OPTIONS: Array<{ value: ClaimState; label: string }> = [
  { value: 'city_review', label: '待市总审核' },
  { value: 'approved', label: '待发放' },
  { value: 'paid', label: '已发放' },
  { value: 'returned', label: '退回补正' },
  { value: 'refused', label: '不予补助' },
];

const COLORS: Partial<Record<ClaimState, string>> = {
  city_review: 'processing',
  approved: 'gold',
  paid: 'success',
  returned: 'warning',
  refused: 'error',
};

export const StateTag = ({ row }: { row: Pick<ClaimRow, 'state' | 'stateLabel'> }) => (
  <StatusTag color={COLORS[row.state] ?? 'default'}>{row.stateLabel}</StatusTag>
);
