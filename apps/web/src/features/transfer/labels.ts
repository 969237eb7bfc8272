import { chinaMinute } from '@hall/shared/china-time.ts';
import { FILING_STATE_LABELS, TRANSFER_STATE_LABELS } from '@hall/shared/personal-labels.ts';

export { FILING_STATE_LABELS, TRANSFER_STATE_LABELS };

export const TRANSFER_COLORS: Record<string, string> = {
  receiving: 'processing',
  reviewing: 'warning',
  done: 'success',
  returned: 'error',
  cancelled: 'default',
};
export const FILING_COLORS: Record<string, string> = { submitted: 'processing', filed: 'success', returned: 'error' };

export const dayText = (d: { format(f: string): string } | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
export const timeText = (iso: string) => chinaMinute(iso) ?? '';
