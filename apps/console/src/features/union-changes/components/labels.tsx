import { StatusTag } from '../../../components/StatusTag';
import { UNION_CHANGE_STATE_LABELS } from '@hall/shared/union/index.ts';
import type { UnionChange, UnionChangeState } from '../api/union-change-list';

export const STATE_OPTIONS = (Object.keys(UNION_CHANGE_STATE_LABELS) as UnionChangeState[]).map((value) => ({
  value,
  label: UNION_CHANGE_STATE_LABELS[value],
}));

const COLORS: Record<UnionChangeState, string> = { pending: 'processing', approved: 'success', rejected: 'error', withdrawn: 'default' };

export const StateTag = ({ row }: { row: Pick<UnionChange, 'state' | 'stateLabel'> }) => (
  <StatusTag color={COLORS[row.state]}>{row.stateLabel}</StatusTag>
);

/** A field's value as the page shows it; an empty one as 未填写. */
export const shown = (value: string | number | null) => (value === null || value === '' ? '未填写' : String(value));
