import type { TreatmentState } from '@hall/shared/benefits/index.ts';

/** Tag colours: grey none, blue pending (待发放), green paid (已发放). */
export const STATE_COLORS: Record<TreatmentState, string> = { none: 'default', pending: 'processing', paid: 'success' };

export const STATE_OPTIONS = [
  { value: 'pending', label: '待发放' },
  { value: 'paid', label: '已发放' },
  { value: 'none', label: '无待遇' },
];
