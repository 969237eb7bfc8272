import { Tag } from 'antd';
import type { ClaimState } from '@hall/shared/benefits/index.ts';
import { yuan } from '@hall/shared/enrolment/index.ts';

/** Colour per state: blue waiting on a reviewer, orange to pay, green paid, red returned or refused. */
const STATE_COLORS: Record<ClaimState, string> = {
  draft: 'default',
  unit_review: 'processing',
  union_review: 'processing',
  city_review: 'processing',
  approved: 'warning',
  paid: 'success',
  returned: 'error',
  refused: 'default',
};

export function ClaimStateTag({ state, label }: { state: ClaimState; label: string }) {
  return (
    <Tag color={STATE_COLORS[state]} data-state={state} className="claim-tag">
      {label}
    </Tag>
  );
}

/** ¥1,234.00 from fen. */
export const money = (fen: number) => `¥${yuan(fen)}`;

export const FILED_BY_LABELS = { unit: '单位代办', personal: '职工申请' } as const;
